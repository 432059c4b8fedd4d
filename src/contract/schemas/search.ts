// What a collection answers beside its products (tag `search`): paging, facets, suggestions and
// how a search read its query.
import { CATEGORIES } from '../../catalog/spec-catalog';
import type { SchemasObject } from '../openapi.types';
import { FACET_SAMPLE_TARGET, TOTAL_EXACT_UP_TO } from '../query-vocabulary';

export const SEARCH_SCHEMAS: SchemasObject = {
  Facets: {
    type: 'object',
    required: ['exact'],
    properties: {
      exact: {
        type: 'boolean',
        description:
          `\`true\`: every count is over every match. \`false\` only when more than ${TOTAL_EXACT_UP_TO.toLocaleString('en')} products match ` +
          `and the index holds more than ${(2 * FACET_SAMPLE_TARGET).toLocaleString('en')}: each count is then estimated from a seeded random sample ` +
          `of the matches (probability ${FACET_SAMPLE_TARGET.toLocaleString('en')} over the products in the index; Elasticsearch's \`random_sampler\`), ` +
          'scaled to all of them; the same query gets the same counts while the index is the same. `specs` is never sampled.',
      },
      category: { type: 'array', items: { $ref: '#/components/schemas/FacetCount' } },
      manufacturer: { type: 'array', items: { $ref: '#/components/schemas/FacetCount' } },
      series: {
        type: 'array',
        items: { $ref: '#/components/schemas/FacetCount' },
        description:
          'Products per product line of the series table (`ProductSeries`), among the matches; a line none of them ' +
          'is in is left out. `id` is what `series=` takes.',
      },
      group: {
        type: 'array',
        items: { $ref: '#/components/schemas/FacetCount' },
        description:
          "Groups (parent brands, `GET /api/v1/manufacturers/{id}` names a member's group) with the matches of all " +
          'their members; each member still counts under `manufacturer` by its own name. Products of a company in no ' +
          'group count in no bucket.',
      },
      specs: {
        type: 'object',
        description:
          'Present when exactly one category is selected: min, max and count (products that have it) of each numeric spec ' +
          'over that whole category, whatever else the query selects. Read once per index generation, so its cost does ' +
          'not follow the matches; it gives the bounds a range control offers, the same for every query in the category.',
        additionalProperties: {
          type: 'object',
          required: ['min', 'max', 'count'],
          properties: { min: { type: 'number' }, max: { type: 'number' }, count: { type: 'integer' } },
        },
      },
    },
  },
  FacetCount: {
    type: 'object',
    required: ['value', 'count'],
    properties: {
      value: {
        type: 'string',
        description: "The category, the company's or group's display name, or the line's name.",
      },
      id: {
        type: 'string',
        description:
          'For `manufacturer`: the company id; for `group`: the group id (`manufacturer=` takes either); for `series`: the line id `series=` takes.',
      },
      count: { type: 'integer', minimum: 0 },
    },
  },
  CollectionMeta: {
    type: 'object',
    required: ['limit', 'total', 'total_relation', 'notice'],
    properties: {
      next_cursor: {
        type: 'string',
        description: 'Present exactly when another page exists; pass it as `cursor` with the same filters.',
      },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      total: {
        type: 'integer',
        minimum: 0,
        description:
          `Products matching the query, as exact as the facets: every match is counted while the index holds at most ` +
          `${(2 * FACET_SAMPLE_TARGET).toLocaleString('en')} products (where facets are never sampled); on a larger index, exact up to ` +
          `${TOTAL_EXACT_UP_TO.toLocaleString('en')}, beyond, ${TOTAL_EXACT_UP_TO.toLocaleString('en')} with \`total_relation\` \`gte\`.`,
      },
      total_relation: {
        type: 'string',
        enum: ['eq', 'gte'],
        description:
          '`eq`: `total` is the exact count; `gte`: more products match than `total` (counting every match of a ' +
          'broad query would cost what the catalog weighs; the pages themselves are complete either way).',
      },
      facets: { $ref: '#/components/schemas/Facets' },
      suggestions: {
        type: 'array',
        maxItems: 5,
        items: { type: 'string' },
        description:
          'Present exactly when a search with `q` finds nothing (first page): up to 5 queries to try instead, best first, ' +
          'built from spellings that exist in the data (Elasticsearch term suggesters: each word against the words of model, ' +
          'manufacturer and aliases; the whole text against model numbers without punctuation). Empty when nothing close exists.',
      },
      groups: {
        type: 'object',
        description:
          'Present when asked with `group_by`: the rows the results make, one per product line among the matches ' +
          'and one per matching product in none (`total` still counts the products), as exact as `total`.',
        required: ['by', 'total', 'total_relation', 'series'],
        properties: {
          by: { type: 'string', enum: ['series'] },
          total: {
            type: 'integer',
            minimum: 0,
            description: 'Rows: the lines among the matches plus the products in none.',
          },
          total_relation: { type: 'string', enum: ['eq', 'gte'] },
          series: { type: 'integer', minimum: 0, description: 'The lines among the matches (always exact).' },
        },
        additionalProperties: false,
      },
      interpretation: { $ref: '#/components/schemas/Interpretation' },
      notice: { type: 'string' },
    },
  },
  Interpretation: {
    type: 'object',
    description:
      'How a search read `q` (every page of a search with `q`): the parts it understood, each with the ordinary ' +
      'parameters that select the same thing, and the words left as text. Products that satisfy every part rank ' +
      'above products that only match the words as typed; a model number is always matched as typed too. To take ' +
      "a part away, send `q` = `text` with the other parts' `parameters`.",
    required: ['text', 'parts', 'summary', 'relaxed'],
    properties: {
      text: { type: 'string', description: 'The words not understood, matched as text; empty when none remain.' },
      parts: { type: 'array', items: { $ref: '#/components/schemas/InterpretedPart' } },
      summary: {
        type: 'string',
        description: 'The reading in words, e.g. `bifacial PV modules by Trina Solar, 550 W ± 2%`.',
      },
      relaxed: {
        type: 'array',
        items: { type: 'string', enum: ['text', 'quantities', 'ranges', 'parts'] },
        description:
          'What was loosened because no product satisfied every part, rather than answer nothing: `text`, the ' +
          'leftover words only rank; `quantities`, they only order the results, nearest first; `ranges`, the typed ' +
          'comparisons only order the results, nearest to their bound first (for `at least 10 kW`, the largest), ' +
          'the other parts still select; `parts`, every part only ranks and a product meets at least one. Empty ' +
          'when nothing was: an answer is exact exactly when `relaxed` is empty.',
      },
      unmet: {
        type: 'array',
        description:
          'Present when `relaxed` is not empty: each quantity or comparison the answer no longer holds to, with the ' +
          'bounds it asked (a quantity: its tolerance as `gte`/`lte`). The summary never claims one of them.',
        items: {
          type: 'object',
          required: ['from', 'spec', 'unit', 'bounds'],
          properties: {
            from: { type: 'string', description: 'The words of `q` it was read from.' },
            spec: { type: 'string', description: "The spec it bounds (`nominal_power_w`: any category's)." },
            unit: { type: 'string' },
            bounds: {
              type: 'object',
              description: 'Its bounds in `unit`, by operator (`{"gte": 10000}`).',
              additionalProperties: { type: 'number' },
            },
          },
        },
      },
    },
  },
  InterpretedPart: {
    type: 'object',
    required: ['kind', 'from', 'label', 'parameters'],
    properties: {
      kind: {
        type: 'string',
        enum: [
          'category',
          'attribute',
          'manufacturer',
          'quantity',
          'range',
          'ranking',
          'series',
          'exclusion',
          'design-point',
        ],
        description:
          'category: a product kind (`module`, `microinverter`, `heat pump`); attribute: spec values (`bifacial`, ' +
          '`mono`, `hybrid`, `R32`, `air to water`); manufacturer: companies by any name; quantity: a number with a ' +
          'unit (`550W`, `7.7 kW`, `240V`, `60 cell`, or a bare `450` after a module maker), matched within its ' +
          'tolerance; range: a comparison or a range (`over 600W`, `at most 3kW`, `≥ 400 W`, `600W or more`, ' +
          '`between 5 and 8 kW`, `5-8 kW`, `5 to 8 kW`, `COP above 4`), its bounds strict or inclusive as typed and ' +
          'no tolerance (units: W, kW, Wp, kWp, V, A, kg, m², dB(A), cells; spec words: COP, weight, Voc, Isc, noise, ' +
          'area, voltage, power, output, efficiency; `%` and `W/m²` bound the derived module efficiency and power ' +
          'per area); ranking: a superlative read as a sort, the rest of the query as its filter (`most efficient`, ' +
          '`highest power`, `most powerful`, `lowest power`, `smallest`, `lightest`, `quietest`; `cheapest` is ' +
          'read and answered honestly: the catalog has no prices, so the label says the order is not by price); ' +
          'series: a product line from the reviewed table (`Sunny Boy`, `Sunny Tripower`, `IQ8+`): its companies and ' +
          'the model-number prefixes the lists write for it, selected by `series=` (the products whose `series` it is); a bare number after a line sold by kW is its AC power ' +
          '(`Sunny Boy 7.7` = 7.7 kW); exclusion: `not`/`non`/`without`/`excluding` before an attribute or a company ' +
          '(`not bifacial`, `non-bifacial`, `not hybrid`, `without SMA`): those products are left out whichever reading ' +
          'matched them, and a product with no value for the spec is kept (the label says so); no ordinary parameter ' +
          "excludes, so its `parameters` are empty; design-point: the condition values are asked at, a heat pump's " +
          'outdoor/flow temperatures (`at -7/55`, `A2/W35` for air sources only, `at -7 °C outside and 55 °C flow`) or an ' +
          "inverter's DC voltage (`at 300 V`): a COP, heating power or efficiency bound, quantity or ranking in the same " +
          'query then applies there (its part carries `at`, and no ordinary parameter selects it), answered from the ' +
          'grid the index holds (outdoor −7, 2, 7, 12 °C × flow 35, 45, 55 °C; every 10 V inside an MPPT window): the ' +
          'nearest grid point when the words ask between (`nearest`, said in the label), a 400 beyond 5 K of it.',
      },
      from: { type: 'string', description: 'The words of `q` it was read from, as typed.' },
      label: { type: 'string', description: 'What it was read as, for display (`microinverter`, `550 W ± 2%`).' },
      category: { type: 'string', enum: [...CATEGORIES] },
      companies: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name'],
          properties: { id: { type: 'string' }, name: { type: 'string' } },
        },
        description:
          'The companies the name may mean (a first word several companies share, such as `Bosch`, means any of them).',
      },
      named: {
        type: 'array',
        items: { type: 'string' },
        description:
          'A manufacturer part: the ids among `companies` whose own name carries the words, present when others ' +
          'are reached only by another name (a former name): the named ones rank first.',
      },
      related: {
        type: 'array',
        description:
          'A manufacturer part: the companies reached only through a relation, which answer below the named ones: ' +
          '`name`, another name of it carries the words (`via`); `made-by`, it sells products the named company made ' +
          '(its lists say "Original Mfg - …"; `via` is the maker).',
        items: {
          type: 'object',
          required: ['id', 'name', 'relation', 'via'],
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            relation: { type: 'string', enum: ['name', 'made-by'] },
            via: { type: 'string' },
          },
        },
      },
      group: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'string' }, name: { type: 'string' } },
        description:
          'A manufacturer part whose words name a group (parent brand, e.g. `Qcells`): `companies` are then all its ' +
          "members, and `parameters` select it by the group's id.",
      },
      spec: { type: 'string', description: "A quantity: the spec it bounds (`nominal_power_w`: any category's)." },
      value: { type: 'number', description: 'A quantity: the value typed, in `unit`.' },
      unit: { type: 'string' },
      tolerance: { type: 'number', description: 'A quantity: how far a value may be from it, as a share (0.02 = 2%).' },
      operator: {
        type: 'string',
        enum: ['gt', 'gte', 'lt', 'lte', 'between'],
        description: 'A range: the comparison typed (`between`: both ends, inclusive).',
      },
      id: { type: 'string', description: "A series: the line id, as `series=` and a product's `series.id` have it." },
      models: {
        type: 'array',
        items: { type: 'string' },
        description:
          "A series: the model-number prefixes it selects, compared with the model's letters and digits only, lower-case.",
      },
      sort: {
        type: 'object',
        required: ['spec', 'desc'],
        description:
          'A ranking: the spec the results are sorted by (products without it last), unless the request sends `sort`; ' +
          'absent when nothing in the category can order by it (the label says why).',
        properties: { spec: { type: 'string' }, desc: { type: 'boolean' } },
      },
      bounds: {
        type: 'object',
        description: 'A range: its bounds in `unit`, by operator (`{"gt": 600}`, `{"gte": 5000, "lte": 8000}`).',
        properties: {
          gt: { type: 'number' },
          gte: { type: 'number' },
          lt: { type: 'number' },
          lte: { type: 'number' },
        },
        additionalProperties: false,
      },
      min: { type: 'number' },
      max: { type: 'number' },
      at: {
        type: 'string',
        description:
          'A quantity, range or ranking taken at the design point the query names: the grid key of that point (`om7_f55`, `v300`).',
      },
      point: {
        type: 'object',
        description: 'A design point: the grid point answered (`kind`, `key`, and its temperatures or voltage).',
        required: ['kind', 'key'],
        properties: {
          kind: { type: 'string', enum: ['heat-pump', 'inverter'] },
          key: { type: 'string' },
          outdoor_c: { type: 'number' },
          flow_c: { type: 'number' },
          dc_voltage_v: { type: 'number' },
        },
        additionalProperties: false,
      },
      nearest: {
        type: 'boolean',
        description:
          "A design point: true when the words asked between grid points and the grid's nearest is answered.",
      },
      parameters: {
        type: 'object',
        description:
          'The ordinary query parameters that select what this part does (a list value: repeat the parameter).',
        additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
    },
  },
};
