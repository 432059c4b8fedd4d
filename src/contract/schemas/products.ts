// The answers of the tag `products`: a product in a collection and with its provenance, the
// comparison and the alternatives.
import { CATEGORIES } from '../../catalog/spec-catalog';
import { SERIES_IDS } from '../../catalog/series';
import type { SchemasObject } from '../openapi.types';
import { locator, specValue } from './values';

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
    series: { $ref: '#/components/schemas/ProductSeries' },
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

export const PRODUCT_SCHEMAS: SchemasObject = {
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
      series: { $ref: '#/components/schemas/ProductSeries' },
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
      rank_basis: {
        type: 'object',
        description:
          'Present when the page is ordered by a spec (a ranking such as `most efficient`, or a `sort` whose first key ' +
          'is a spec): what this product was ranked on, its value, unit and where the value comes from, and (`at`) the voltage an inverter efficiency is taken at.',
        required: ['spec', 'value', 'unit', 'provenance'],
        properties: {
          spec: { type: 'string' },
          value: {
            description: "The product's value (a number, text or boolean); null when it has none (it then sorts last).",
          },
          unit: { type: 'string', nullable: true, description: 'Null for a spec without a unit.' },
          provenance: {
            oneOf: [
              { $ref: '#/components/schemas/Provenance' },
              { type: 'object', nullable: true, maxProperties: 0, description: 'null: no value' },
            ],
          },
          at: {
            type: 'object',
            description:
              "The condition the ranked value holds at, where it holds at one only: an inverter's CEC weighted efficiency and its efficiency at rated output are taken at its nominal DC voltage (Vdco), not at a string's operating voltage. `value` is that voltage from the same list row, `statement` says it in words.",
            required: ['dc_voltage', 'spec', 'value', 'unit', 'provenance', 'statement'],
            properties: {
              dc_voltage: { type: 'string', enum: ['nominal'] },
              spec: { type: 'string' },
              value: { type: 'number', nullable: true, description: 'The voltage; null when the product lists none.' },
              unit: { type: 'string', nullable: true },
              provenance: {
                oneOf: [
                  { $ref: '#/components/schemas/Provenance' },
                  { type: 'object', nullable: true, maxProperties: 0, description: 'null: no value' },
                ],
              },
              statement: { type: 'string' },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      design_point: {
        type: 'object',
        description:
          'Present on every hit of a search at a design point (`air to water heat pump 8 kW at -7/55`, `heat pump COP above 3 at 2/35`, ' +
          '`most efficient 7.6 kW inverter at 300 V`): the value the query filtered or ranked on at that point (`spec`), ' +
          'read from the grid computed when the product was indexed by the same model the performance operations use ' +
          "(hplib for heat pumps, Sandia for inverters), the point itself (`at`), the grid's other value there (`also`), " +
          'and whether the point lies within the conditions the model was fitted to (`range`).',
        required: ['spec', 'value', 'unit', 'at', 'also', 'range', 'method', 'statement'],
        properties: {
          spec: { type: 'string', enum: ['cop', 'heating_power_w', 'cec_weighted_efficiency_pct'] },
          value: { type: 'number', nullable: true },
          unit: { type: 'string', nullable: true, description: 'Null for a COP.' },
          at: {
            type: 'object',
            description:
              "The grid point: a heat pump's outdoor and flow temperatures (and its source, the outdoor air or brine at 0 °C or water at 10 °C), or an inverter's DC voltage.",
            properties: {
              outdoor_temperature_c: { type: 'number' },
              source_temperature_c: { type: 'number', nullable: true },
              flow_temperature_c: { type: 'number' },
              dc_voltage_v: { type: 'number' },
            },
            additionalProperties: false,
          },
          also: {
            type: 'array',
            items: {
              type: 'object',
              required: ['spec', 'value', 'unit'],
              properties: {
                spec: { type: 'string', enum: ['cop', 'heating_power_w', 'cec_weighted_efficiency_pct'] },
                value: { type: 'number', nullable: true },
                unit: { type: 'string', nullable: true },
              },
              additionalProperties: false,
            },
          },
          range: {
            type: 'string',
            enum: ['within_tested_range', 'extrapolated'],
            description:
              "`extrapolated`: the point lies beyond the tests the model was fitted to (a heat pump's EN 14825 points; an inverter's grid holds only voltages inside its MPPT window, between the CEC's tested voltages).",
          },
          method: { type: 'string', enum: ['derived'] },
          statement: { type: 'string' },
        },
        additionalProperties: false,
      },
      group: {
        type: 'object',
        description:
          'Present on every row of a page asked with `group_by=series`: the product line the row stands for (its ' +
          'best-ranked variant is the row), how many of its variants match the query, and the range they span.',
        required: ['by', 'variants'],
        properties: {
          by: { type: 'string', enum: ['series'] },
          series: {
            type: 'object',
            description: 'The line (as `series=` takes it); absent when the product is in none and stands alone.',
            required: ['id', 'name'],
            properties: { id: { type: 'string', enum: [...SERIES_IDS] }, name: { type: 'string' } },
            additionalProperties: false,
          },
          variants: {
            type: 'integer',
            minimum: 1,
            description: 'Products matching the query that the row stands for.',
          },
          range: {
            type: 'object',
            description:
              "Min and max of `spec` over those variants (the spec the query ranks or filters on, else the category's " +
              'headline spec); absent when none of them has a value.',
            required: ['spec', 'unit', 'min', 'max'],
            properties: {
              spec: { type: 'string' },
              unit: { type: 'string', nullable: true, description: 'Null for a spec without a unit.' },
              min: { type: 'number' },
              max: { type: 'number' },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
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
      group: {
        type: 'object',
        description:
          'The group (parent brand) the company belongs to, when the reviewed table names one; the product keeps its own company above.',
        required: ['id', 'name'],
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      },
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
  ProductSeries: {
    type: 'object',
    description:
      'The product line (series) the reviewed series table puts the product in, derived: an entry covers a product ' +
      "when the product's company, or the maker of a branded product, is one of the entry's companies and its model, " +
      "letters and digits only and lower-case, starts with one of the entry's prefixes. The same rule selects for " +
      '`series=`, counts `meta.facets.series` and reads a line named in `q`. Absent where no entry covers the product.',
    required: ['id', 'name', 'method', 'rule', 'evidence'],
    properties: {
      id: { type: 'string', enum: [...SERIES_IDS], description: 'The entry, as `series=` takes it.' },
      name: { type: 'string', description: 'The line as people name it (`SMA Sunny Boy`).' },
      method: { type: 'string', enum: ['derived'] },
      rule: {
        type: 'object',
        description: "What matched: the entry's company the product belongs to, and the entry's model prefix.",
        required: ['company', 'model_prefix'],
        properties: { company: { type: 'string' }, model_prefix: { type: 'string' } },
      },
      evidence: {
        type: 'string',
        description: "The entry's reason: what in the lists shows the line's model numbers.",
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
};
