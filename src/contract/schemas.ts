// Component schemas of the OpenAPI document: response shapes the tests validate every answer against.
import { CATEGORIES, SPECS } from '../catalog/spec-catalog';
import { GLOSSARY } from '../catalog/glossary';
import { ERRORS, PROBLEM_TYPE_BASE } from '../errors/catalog';
import { MAX_LISTED_ERRORS } from '../errors/app-error';
import { DESIGN_SCHEMAS } from './design-schemas';
import { BATCH_SCHEMAS } from './batch-schemas';
import { WATCH_SCHEMAS } from './watch-schemas';

const JSON_SCHEMA = {
  number: { type: 'number' },
  integer: { type: 'integer' },
  text: { type: 'string' },
  boolean: { type: 'boolean' },
  'number-list': { type: 'array', items: { type: 'number' } },
} as const;

const specValue = {
  oneOf: [{ type: 'number' }, { type: 'string' }, { type: 'boolean' }, { type: 'array', items: { type: 'number' } }],
} as const;
const locator = {
  type: 'object',
  required: ['file', 'record', 'line', 'column'],
  properties: {
    file: { type: 'string' },
    record: { type: 'integer', minimum: 1 },
    line: { type: 'integer', minimum: 1 },
    column: { type: 'string' },
  },
  additionalProperties: false,
};

/** A deciding spec's value, or null where a product has none (OpenAPI 3.0 has no null type). */
const NUMBER_TEXT_OR_NULL = {
  oneOf: [
    { type: 'number' },
    { type: 'string' },
    { type: 'object', nullable: true, maxProperties: 0, description: 'null: no value' },
  ],
};

/** getProduct's answer: a product with the provenance of every value. */
const PRODUCT_DETAIL = {
  type: 'object',
  required: [
    'id',
    'model',
    'manufacturer',
    'category',
    'variant',
    'specs',
    'units',
    'provenance',
    'quality',
    'listing',
    'revision',
    'aliases',
    'updated_at',
    'notice',
  ],
  properties: {
    id: { type: 'string' },
    model: { type: 'string' },
    manufacturer: { type: 'string', description: 'The manufacturer as the source spells it.' },
    company: { $ref: '#/components/schemas/ProductCompany' },
    made_by: { $ref: '#/components/schemas/MadeBy' },
    category: { type: 'string' },
    variant: { type: 'string' },
    aliases: {
      type: 'array',
      items: {
        type: 'object',
        required: ['source_id', 'name'],
        properties: { source_id: { type: 'string' }, name: { type: 'string' } },
      },
    },
    specs: { $ref: '#/components/schemas/Specs' },
    units: { type: 'object', additionalProperties: { type: 'string' } },
    provenance: {
      type: 'object',
      description: 'For manufacturer, model and every spec: where the value comes from.',
      additionalProperties: { $ref: '#/components/schemas/Provenance' },
    },
    quality: { $ref: '#/components/schemas/Quality' },
    listing: { $ref: '#/components/schemas/Listing' },
    revision: { type: 'integer', minimum: 1 },
    updated_at: { type: 'string', format: 'date-time' },
    notice: { type: 'string' },
  },
  additionalProperties: false,
};

export const SCHEMAS = {
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details. `type` is one of the documented problem types (see `x-problem-types`).',
    required: ['type', 'title', 'status', 'detail'],
    properties: {
      type: {
        type: 'string',
        format: 'uri-reference',
        enum: Object.values(ERRORS).map((e) => PROBLEM_TYPE_BASE + e.slug),
      },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string' },
      request_id: { type: 'string' },
      errors: {
        type: 'array',
        description: `For validation problems: each failing parameter, the first ${MAX_LISTED_ERRORS} at most (then \`errors_truncated\` is true and \`errors_total\` counts them all).`,
        maxItems: MAX_LISTED_ERRORS,
        items: {
          type: 'object',
          required: ['in', 'name', 'message'],
          properties: {
            in: { type: 'string', enum: ['query', 'path', 'body', 'header'] },
            name: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
      errors_truncated: { type: 'boolean', description: 'Present (true) when `errors` lists only the first failures.' },
      errors_total: {
        type: 'integer',
        minimum: 1,
        description: 'How many failures there were, when `errors` lists only the first.',
      },
      unknown_ids: {
        type: 'array',
        items: { type: 'string' },
        description: 'For `unknown-products`: every id that names no product.',
      },
    },
  },
  Specs: {
    type: 'object',
    description: "Spec values by normalized name; units are in `x-spec-catalog` and in each product's `units`.",
    properties: Object.fromEntries(
      GLOSSARY.map((g) => [
        g.name,
        {
          ...JSON_SCHEMA[SPECS[g.name].type],
          ...(g.unit ? { 'x-unit': g.unit } : {}),
          description: g.description,
          ...(Object.keys(g.pvlib).length ? { 'x-pvlib-name': g.pvlib } : {}),
          'x-source-columns': g.sources,
          ...(g.derived ? { 'x-derived': g.derived } : {}),
        },
      ]),
    ),
    additionalProperties: false,
  },
  SpecGlossary: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'type', 'description', 'categories', 'pvlib', 'sources'],
          properties: {
            name: { type: 'string' },
            type: { type: 'string', enum: ['number', 'integer', 'text', 'boolean', 'number-list'] },
            unit: { type: 'string' },
            description: { type: 'string' },
            categories: { type: 'array', items: { type: 'string', enum: [...CATEGORIES] } },
            pvlib: {
              type: 'object',
              description:
                "pvlib's parameter name per table of `pvlib.pvsystem.retrieve_sam` (`CECMod`, `CECInverter`), where pvlib has one.",
              additionalProperties: { type: 'string' },
            },
            sources: {
              type: 'array',
              description:
                'Each column the spec is read from: the file format (reader), its list, and the column name.',
              items: {
                type: 'object',
                required: ['format', 'list', 'column'],
                properties: { format: { type: 'string' }, list: { type: 'string' }, column: { type: 'string' } },
              },
            },
            derived: {
              type: 'string',
              description:
                "A derived spec's formula: no list states it; each product's value is computed from its own values " +
                'and its claim carries `method: derived` with this formula.',
            },
          },
        },
      },
    },
  },
  Product: {
    type: 'object',
    description: 'A product as listed in collections; `fields` may project it down to `id` plus the fields asked for.',
    required: ['id'],
    properties: {
      id: { type: 'string' },
      model: { type: 'string' },
      manufacturer: { type: 'string', description: 'The manufacturer as the source spells it.' },
      company: { $ref: '#/components/schemas/ProductCompany' },
      made_by: { $ref: '#/components/schemas/MadeBy' },
      category: { type: 'string', enum: [...CATEGORIES] },
      variant: { type: 'string' },
      aliases: { type: 'array', items: { type: 'string' } },
      specs: { $ref: '#/components/schemas/Specs' },
      quality: {
        type: 'object',
        required: ['status', 'failed'],
        properties: {
          status: { type: 'string', enum: ['pass', 'fail', 'unchecked'] },
          failed: { type: 'array', items: { type: 'string' } },
        },
      },
      listing: {
        type: 'object',
        required: ['in_latest_edition', 'last_edition'],
        properties: { in_latest_edition: { type: 'boolean' }, last_edition: { type: 'string', format: 'date' } },
      },
    },
    additionalProperties: true,
  },
  Listing: {
    type: 'object',
    description:
      'Where the product stands in the lists it comes from now (also on `as_of` reads): every edition that lists it, how a later edition was matched to it, and whether the newest edition of its lists still lists it.',
    required: ['in_latest_edition', 'last_edition', 'editions'],
    properties: {
      in_latest_edition: {
        type: 'boolean',
        description: 'The newest edition of the lists the product appears in lists it.',
      },
      last_edition: { type: 'string', format: 'date', description: 'The newest edition that lists the product.' },
      editions: {
        type: 'array',
        items: {
          type: 'object',
          required: ['source_id', 'list', 'edition', 'records'],
          properties: {
            source_id: { type: 'string' },
            list: { type: 'string' },
            edition: { type: 'string', format: 'date' },
            records: {
              type: 'array',
              items: { type: 'integer', minimum: 1 },
              description: 'Its record numbers in that file; more than one when the file lists it twice.',
            },
            match: {
              type: 'object',
              required: ['method', 'rule'],
              description: "How this edition's record was matched to the product an earlier edition lists.",
              properties: {
                method: { type: 'string', enum: ['same-identity', 'same-model-and-ratings'] },
                rule: { type: 'string' },
              },
            },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
  Quality: {
    type: 'object',
    description:
      "Consistency checks of this revision's values (rules in `x-quality-checks`); checks without their inputs are not counted.",
    required: ['status', 'checked', 'failed'],
    properties: {
      status: { type: 'string', enum: ['pass', 'fail', 'unchecked'] },
      checked: { type: 'array', items: { type: 'string' } },
      failed: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  Provenance: {
    type: 'object',
    required: ['source_id', 'revision', 'locator', 'method'],
    properties: {
      source_id: { type: 'string' },
      revision: { type: 'integer', minimum: 1 },
      locator,
      method: { type: 'string', enum: ['reported', 'derived'] },
      derivation: { type: 'string' },
    },
    additionalProperties: false,
  },
  ProductDetail: PRODUCT_DETAIL,
  ProductDetailPart: {
    ...PRODUCT_DETAIL,
    description:
      'A product as getProduct answers it. With `fields`, projected: `id` always, then only the fields asked for; `specs.<name>` keeps only the specs named, in `specs` and (when asked) in `units` and `provenance`; the notice is then in `meta.notice` alone.',
    required: ['id'],
  },
  Facets: {
    type: 'object',
    properties: {
      category: { type: 'array', items: { $ref: '#/components/schemas/FacetCount' } },
      manufacturer: { type: 'array', items: { $ref: '#/components/schemas/FacetCount' } },
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
      value: { type: 'string', description: "The category, or the company's display name." },
      id: { type: 'string', description: 'For `manufacturer`: the company id, which `manufacturer=` takes.' },
      count: { type: 'integer', minimum: 0 },
    },
  },
  ProductCompany: {
    type: 'object',
    description:
      'The company behind the manufacturer spelling: a derived value (see `GET /api/v1/manufacturers/{id}` for every spelling and its evidence).',
    required: ['id', 'name', 'method', 'rule', 'evidence'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string', description: 'Its display name: the spelling most of its products carry.' },
      method: { type: 'string', enum: ['derived'] },
      rule: { type: 'string', enum: ['identity', 'normalization', 'cross-edition', 'reviewed'] },
      evidence: { type: 'string' },
    },
  },
  MadeBy: {
    type: 'object',
    description: 'The original maker a brand note names ("SunPower Corp (Original Mfg - Fronius Int. GmbH)").',
    required: ['name'],
    properties: {
      name: { type: 'string' },
      id: { type: 'string', description: 'Its company, when the lists have it.' },
    },
  },
  CollectionMeta: {
    type: 'object',
    required: ['limit', 'total', 'notice'],
    properties: {
      next_cursor: {
        type: 'string',
        description: 'Present exactly when another page exists; pass it as `cursor` with the same filters.',
      },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      total: { type: 'integer', minimum: 0, description: 'Products matching the query (exact).' },
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
        items: { type: 'string', enum: ['text', 'quantities', 'parts'] },
        description:
          'What was loosened because no product satisfied every part, rather than answer nothing: `text`, the ' +
          'leftover words only rank; `quantities`, they only order the results, nearest first; `parts`, every ' +
          'part only ranks and a product meets at least one. Empty when nothing was.',
      },
    },
  },
  InterpretedPart: {
    type: 'object',
    required: ['kind', 'from', 'label', 'parameters'],
    properties: {
      kind: {
        type: 'string',
        enum: ['category', 'attribute', 'manufacturer', 'quantity', 'range', 'ranking', 'series', 'exclusion'],
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
          'the model-number prefixes the lists write for it; a bare number after a line sold by kW is its AC power ' +
          '(`Sunny Boy 7.7` = 7.7 kW); exclusion: `not`/`non`/`without`/`excluding` before an attribute or a company ' +
          '(`not bifacial`, `non-bifacial`, `not hybrid`, `without SMA`): those products are left out whichever reading ' +
          'matched them, and a product with no value for the spec is kept (the label says so); no ordinary parameter ' +
          'excludes, so its `parameters` are empty.',
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
      spec: { type: 'string', description: "A quantity: the spec it bounds (`nominal_power_w`: any category's)." },
      value: { type: 'number', description: 'A quantity: the value typed, in `unit`.' },
      unit: { type: 'string' },
      tolerance: { type: 'number', description: 'A quantity: how far a value may be from it, as a share (0.02 = 2%).' },
      operator: {
        type: 'string',
        enum: ['gt', 'gte', 'lt', 'lte', 'between'],
        description: 'A range: the comparison typed (`between`: both ends, inclusive).',
      },
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
      parameters: {
        type: 'object',
        description:
          'The ordinary query parameters that select what this part does (a list value: repeat the parameter).',
        additionalProperties: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
    },
  },
  ProductCollection: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/Product' } },
      meta: { $ref: '#/components/schemas/CollectionMeta' },
    },
  },
  Comparison: {
    type: 'object',
    required: ['data', 'comparison', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/Product' } },
      comparison: {
        type: 'array',
        items: {
          type: 'object',
          required: ['spec', 'values', 'differs'],
          properties: {
            spec: { type: 'string' },
            unit: { type: 'string' },
            values: {
              type: 'array',
              description: 'One per product, in the order asked; null where a product has no value.',
              items: {
                oneOf: [
                  ...specValue.oneOf,
                  { type: 'object', nullable: true, maxProperties: 0, description: 'null: no value' },
                ],
              },
            },
            differs: { type: 'boolean' },
          },
        },
      },
      meta: { type: 'object', required: ['notice'], properties: { notice: { type: 'string' } } },
    },
  },
  SimilarProducts: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: {
        type: 'array',
        items: {
          allOf: [
            { $ref: '#/components/schemas/Product' },
            {
              type: 'object',
              required: ['score', 'differences', 'same', 'explanation'],
              properties: {
                score: { type: 'number', description: 'How near, summed over the deciding specs (higher is nearer).' },
                differences: {
                  type: 'array',
                  description: 'Each deciding spec whose value differs, or which only one of the two has.',
                  items: {
                    type: 'object',
                    required: ['spec', 'product', 'substitute'],
                    properties: {
                      spec: { type: 'string' },
                      unit: { type: 'string' },
                      product: NUMBER_TEXT_OR_NULL,
                      substitute: NUMBER_TEXT_OR_NULL,
                      delta: { type: 'number', description: "The substitute's value minus the product's." },
                      delta_pct: { type: 'number', description: "`delta` as a percentage of the product's value." },
                    },
                    additionalProperties: false,
                  },
                },
                same: { type: 'array', items: { type: 'string' }, description: 'Deciding specs with the same value.' },
                explanation: { type: 'string' },
              },
            },
          ],
        },
      },
      meta: {
        type: 'object',
        required: ['product', 'decided_by', 'notice'],
        properties: {
          product: {
            type: 'object',
            required: ['id', 'model', 'manufacturer', 'category'],
            properties: {
              id: { type: 'string' },
              model: { type: 'string' },
              manufacturer: { type: 'string' },
              category: { type: 'string', enum: [...CATEGORIES] },
            },
          },
          decided_by: {
            type: 'array',
            items: { type: 'string' },
            description: 'The deciding specs of the category: the near ones, then the same ones.',
          },
          notice: { type: 'string' },
        },
      },
    },
  },
  Account: {
    type: 'object',
    required: ['id', 'email', 'created_at', 'credits'],
    properties: {
      id: { type: 'string' },
      email: { type: 'string', format: 'email' },
      created_at: { type: 'string', format: 'date-time' },
      credits: { type: 'integer', minimum: 0 },
    },
    additionalProperties: false,
  },
  Credentials: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', format: 'email', maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
    additionalProperties: false,
  },
  LoginToken: {
    type: 'object',
    required: ['access_token', 'token_type', 'expires_in'],
    properties: {
      access_token: { type: 'string' },
      token_type: { type: 'string', enum: ['Bearer'] },
      expires_in: { type: 'integer', minimum: 1 },
    },
    additionalProperties: false,
  },
  ApiKey: {
    type: 'object',
    required: ['id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      prefix: { type: 'string', description: 'The recognizable start of the secret, to tell keys apart.' },
      scopes: { type: 'array', items: { $ref: '#/components/schemas/Scope' } },
      created_at: { type: 'string', format: 'date-time' },
      last_used_at: { type: 'string', format: 'date-time', nullable: true },
      expires_at: { type: 'string', format: 'date-time', nullable: true },
      revoked_at: { type: 'string', format: 'date-time', nullable: true },
    },
    additionalProperties: false,
  },
  ApiKeyCreated: {
    type: 'object',
    required: ['id', 'name', 'prefix', 'scopes', 'created_at', 'expires_at', 'secret'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      prefix: { type: 'string' },
      scopes: { type: 'array', items: { $ref: '#/components/schemas/Scope' } },
      created_at: { type: 'string', format: 'date-time' },
      expires_at: { type: 'string', format: 'date-time', nullable: true },
      secret: {
        type: 'string',
        description: 'Shown only in this response; store it. The service keeps only its hash.',
      },
    },
    additionalProperties: false,
  },
  ApiKeyList: {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/ApiKey' } } },
  },
  NewApiKey: {
    type: 'object',
    required: ['name', 'scopes'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      scopes: { type: 'array', minItems: 1, uniqueItems: true, items: { $ref: '#/components/schemas/Scope' } },
      expires_at: {
        type: 'string',
        format: 'date-time',
        description: 'When the key stops working; must be in the future. Without it the key works until revoked.',
      },
    },
    additionalProperties: false,
  },
  Scope: { type: 'string', enum: ['products:read', 'search:read', 'revisions:read', 'watches:write'] },
  Change: {
    type: 'object',
    required: ['field', 'source_id'],
    properties: { field: { type: 'string' }, source_id: { type: 'string' }, from: specValue, to: specValue },
    additionalProperties: false,
  },
  Claim: {
    type: 'object',
    required: ['field', 'value', 'raw', 'source_id', 'locator', 'method'],
    properties: {
      field: { type: 'string' },
      value: specValue,
      unit: { type: 'string' },
      raw: { type: 'string', description: 'The cell as written in the source.' },
      source_id: { type: 'string' },
      locator,
      method: { type: 'string', enum: ['reported', 'derived'] },
      derivation: { type: 'string' },
    },
    additionalProperties: false,
  },
  RevisionSummary: {
    type: 'object',
    required: ['number', 'created_at', 'summary', 'changes'],
    properties: {
      number: { type: 'integer', minimum: 1 },
      created_at: { type: 'string', format: 'date-time' },
      summary: { type: 'string' },
      changes: { type: 'array', items: { $ref: '#/components/schemas/Change' } },
    },
    additionalProperties: false,
  },
  RevisionCollection: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/RevisionSummary' } },
      meta: { $ref: '#/components/schemas/CollectionMeta' },
    },
  },
  Revision: {
    type: 'object',
    description:
      "One immutable revision: the full claim snapshot, in precedence order (the first claim of a field is the product's value).",
    required: ['product_id', 'number', 'created_at', 'summary', 'changes', 'claims', 'source_files'],
    properties: {
      product_id: { type: 'string' },
      number: { type: 'integer', minimum: 1 },
      created_at: { type: 'string', format: 'date-time' },
      summary: { type: 'string' },
      changes: { type: 'array', items: { $ref: '#/components/schemas/Change' } },
      claims: { type: 'array', items: { $ref: '#/components/schemas/Claim' } },
      source_files: {
        type: 'object',
        description: 'sha256 of each source file as read for this revision.',
        additionalProperties: { type: 'string' },
      },
    },
    additionalProperties: false,
  },
  Source: {
    type: 'object',
    required: [
      'id',
      'list',
      'edition',
      'title',
      'publisher',
      'publisher_chain',
      'url',
      'upstream_url',
      'file',
      'path_in_package',
      'package',
      'sha256',
      'licence',
      'retrieved_at',
      'records',
      'products',
      'loaded_at',
    ],
    properties: {
      id: { type: 'string' },
      list: {
        type: 'string',
        description: 'The list this file is an edition of: editions of one list are one history.',
      },
      edition: { type: 'string', format: 'date', description: 'The date of this edition.' },
      title: { type: 'string' },
      publisher: { type: 'string' },
      publisher_chain: { type: 'array', items: { type: 'string' } },
      url: { type: 'string', description: 'Package URL of the file inside the distribution it was taken from.' },
      upstream_url: { type: 'string' },
      file: { type: 'string' },
      path_in_package: { type: 'string' },
      package: { type: 'string' },
      sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      licence: { type: 'string' },
      retrieved_at: { type: 'string' },
      records: { type: 'integer', minimum: 0 },
      products: { type: 'integer', minimum: 0, description: 'Products with at least one claim from this source.' },
      loaded_at: { type: 'string', format: 'date-time' },
    },
    additionalProperties: false,
  },
  ChangeFeed: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          required: ['seq', 'product_id', 'revision', 'created_at', 'summary'],
          properties: {
            seq: { type: 'integer', minimum: 1 },
            product_id: { type: 'string' },
            revision: { type: 'integer', minimum: 1 },
            created_at: { type: 'string', format: 'date-time' },
            summary: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
      meta: {
        type: 'object',
        required: ['limit', 'notice', 'cursor'],
        properties: {
          limit: { type: 'integer' },
          notice: { type: 'string' },
          cursor: { type: 'string', description: 'Where to resume from.' },
          next_cursor: { type: 'string' },
        },
        additionalProperties: false,
      },
    },
  },
  CompanySummary: {
    type: 'object',
    required: ['id', 'name', 'products', 'categories'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      products: { type: 'integer', minimum: 0 },
      categories: {
        type: 'object',
        description: 'Current products per category.',
        additionalProperties: { type: 'integer', minimum: 0 },
      },
    },
    additionalProperties: false,
  },
  CompanyCollection: {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/CompanySummary' } },
      meta: {
        type: 'object',
        required: ['limit', 'total'],
        properties: {
          limit: { type: 'integer' },
          total: { type: 'integer', minimum: 0, description: 'Companies in all pages.' },
          next_cursor: { type: 'string' },
        },
      },
    },
  },
  Company: {
    type: 'object',
    required: ['id', 'name', 'products', 'spellings', 'related', 'aliases'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string', description: 'Its display name: the spelling most of its products carry.' },
      products: {
        type: 'integer',
        minimum: 0,
        description: 'Products that carry one of its spellings, when the catalog was seeded.',
      },
      aliases: {
        type: 'array',
        items: { type: 'string' },
        description: 'Short names search and `manufacturer=` know it by.',
      },
      spellings: {
        type: 'array',
        items: {
          type: 'object',
          required: ['spelling', 'products', 'rule', 'evidence'],
          properties: {
            spelling: { type: 'string', description: 'As the source writes it.' },
            products: { type: 'integer', minimum: 0 },
            rule: { type: 'string', enum: ['identity', 'normalization', 'cross-edition', 'reviewed'] },
            evidence: { type: 'string' },
            product_line: {
              type: 'string',
              description: 'Words of a product line cut from a name derived from a module Name.',
            },
            original_maker: { type: 'string', description: 'The maker a brand note names.' },
          },
        },
      },
      related: {
        type: 'array',
        description:
          'Companies linked without being one: renamed (successor, formerly), or brand and maker (made-by, makes-for).',
        items: {
          type: 'object',
          required: ['relation', 'name', 'products', 'evidence'],
          properties: {
            relation: { type: 'string', enum: ['successor', 'formerly', 'made-by', 'makes-for'] },
            name: { type: 'string' },
            company: { type: 'string' },
            products: { type: 'integer', minimum: 0 },
            evidence: { type: 'string' },
          },
        },
      },
    },
  },
  SourceList: {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Source' } } },
  },
  ...DESIGN_SCHEMAS,
  ...BATCH_SCHEMAS,
  ...WATCH_SCHEMAS,
} as const;
