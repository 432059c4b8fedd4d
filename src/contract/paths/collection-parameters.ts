// The parameters of a collection query (listProducts, searchProducts): text, filters, sort,
// projection, numeric ranges and spec values, all built from the query vocabulary.
import { CATEGORIES, SPECS } from '../../catalog/spec-catalog';
import { NOMINAL_POWER, type RangeSpec } from '../../catalog/product-query';
import { SERIES_IDS } from '../../catalog/series';
import { GROUP_BY } from '../../catalog/series-groups';
import type { ParameterObject } from '../openapi.types';
import {
  sortValues,
  FIELD_VALUES,
  MAX_SORT_KEYS,
  RANGE_OPS,
  RANGE_SPECS,
  VALUE_SPECS,
  rangeParam,
  rangeValuePattern,
  unitFactors,
  valueParam,
} from '../query-vocabulary';
import { CURSOR_PARAM, LIMIT_PARAM, commaList, param } from './parameters';
import { setting } from './responses';

export const RANGE_DOC =
  "Numeric spec ranges: `specs.<name>[gte|gt|lte|lt]=<value>` for every numeric spec, e.g. `specs.stc_power_w[gte]=400` or `specs.ac_power_w[lte]=7.6kW`. Values may carry a unit of the spec's dimension (W, kW, MW; V, kV, mV; A, kA, mA), after at most one space.";

/** The engine slots a list or search waits for (src/shared/fair-gate.ts), said on both operations. */
export const ENGINE_SLOTS_DOC =
  "A worker sends at most `x-engine-slots.slots` lists and searches to the engine at once, of which one account holds at most `per_account`; what finds no slot waits in its account's line: past `waiting` requests it answers 429, past `wait_ms` (the engine is slow) 503 dependency-timeout, both with Retry-After and uncharged. A freed slot goes to the waiting account that holds the fewest, so one account's burst waits behind itself.";

export const ENGINE_SLOTS = {
  'x-engine-slots': {
    slots: setting('SEARCH_SLOTS'),
    per_account: setting('SEARCH_CONCURRENCY_PER_ACCOUNT'),
    waiting: setting('SEARCH_WAITING_PER_ACCOUNT'),
    wait_ms: setting('SEARCH_WAIT_MS'),
  },
};

const RANGE_OP_WORDS: Record<string, string> = { gte: 'at least', gt: 'more than', lte: 'at most', lt: 'less than' };
const rangeUnits = (spec: RangeSpec) => Object.keys(unitFactors(spec)).join(', ');
const unitOf = (spec: RangeSpec) => (spec === NOMINAL_POWER ? 'W' : SPECS[spec].unit);
const rangeSubject = (spec: RangeSpec) =>
  spec === NOMINAL_POWER
    ? 'nominal power (STC power of a module, AC power of an inverter, heating output of a heat pump)'
    : spec;
const RANGE_PARAMS = RANGE_SPECS.flatMap((spec) =>
  RANGE_OPS.map((op) =>
    param(
      rangeParam(spec, op),
      `Only products whose ${rangeSubject(spec)} is ${RANGE_OP_WORDS[op]} this${rangeUnits(spec) ? ` (unit, any case: ${rangeUnits(spec)}; none means ${unitOf(spec)})` : ''}.`,
      { type: 'string', maxLength: 40, pattern: rangeValuePattern(spec) },
    ),
  ),
);
const VALUE_PARAMS = VALUE_SPECS.map((spec) =>
  SPECS[spec].type === 'boolean'
    ? param(valueParam(spec), `Only products whose ${spec} is this.`, { type: 'boolean' })
    : param(
        valueParam(spec),
        `Only products whose ${spec} is one of these (repeat for several; compared without regard to case).`,
        // Printable ASCII, as every value the lists hold: it keeps the longest request within MAX_HEADER_BYTES.
        { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 60, pattern: '^[ -~]+$' } },
        { style: 'form', explode: true },
      ),
);

export const IN_LATEST_EDITION_PARAM = param(
  'in_latest_edition',
  'true: only products the newest edition of their lists still lists (what is listed now); false: only those it no longer lists. See `listing` on each product.',
  { type: 'boolean' },
);

export function collectionParams(mode: 'list' | 'search'): ParameterObject[] {
  return [
    param(
      'q',
      'Free-text query over model, manufacturer, aliases and text specs; understands model numbers ("SUN2000-5KTL", "Q.PEAK DUO", part-number prefixes), and in a search also words and quantities ("Trina module", "bifacial 550W", "SMA 7.7kW inverter", "Daikin air to water heat pump"): see `meta.interpretation`.',
      { type: 'string', minLength: 1, maxLength: 200 },
    ),
    param(
      'category',
      'Only these categories (repeat the parameter for several).',
      { type: 'array', maxItems: 10, items: { type: 'string', enum: [...CATEGORIES] } },
      { style: 'form', explode: true },
    ),
    param(
      'manufacturer',
      "Only these companies (repeat for several): a company id (`meta.facets.manufacturer[].id`, `GET /api/v1/manufacturers`), any way the sources spell it, or a short name people use (`Jinko`, `Qcells`), case-insensitive; each selects the whole company, and the products branded by others that it made (`made_by`). A group's id or name (`meta.facets.group[]`, e.g. `qcells-group`, `Sonali Energees`) selects every member of the group (parent brand); a company id selects that company alone.",
      { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 100 } },
      { style: 'form', explode: true },
    ),
    param(
      'series',
      'Only products of these product lines (repeat for several), by the id `series` on a product and `meta.facets.series[].id` give: a line of the reviewed series table, whose rule (`ProductSeries`) puts a product in it by its company and model prefix. A search that names a line in `q` (`Sunny Boy`) selects by the same parameter.',
      { type: 'array', maxItems: SERIES_IDS.length, items: { type: 'string', enum: [...SERIES_IDS] } },
      { style: 'form', explode: true },
    ),
    IN_LATEST_EDITION_PARAM,
    param(
      'quality',
      'Only products whose consistency checks (see `x-quality-checks`) have this status: pass, fail or unchecked (repeat for several).',
      { type: 'array', maxItems: 3, items: { type: 'string', enum: ['pass', 'fail', 'unchecked'] } },
      { style: 'form', explode: true },
    ),
    LIMIT_PARAM,
    CURSOR_PARAM,
    commaList(
      'sort',
      `Ordering by up to ${MAX_SORT_KEYS} comma-separated keys, each optionally prefixed by \`-\` for descending${mode === 'search' ? '; `relevance` is the default' : ''}. The product id is always added as a tiebreaker.`,
      { type: 'string', enum: sortValues(mode) },
      { minItems: 1, maxItems: MAX_SORT_KEYS },
    ),
    commaList(
      'fields',
      'Comma-separated projection: top-level fields or single specs (`specs.<name>`). `id` is always returned.',
      { type: 'string', enum: FIELD_VALUES },
      { minItems: 1, maxItems: FIELD_VALUES.length },
    ),
    param(
      'group_by',
      "One row per product line of the series table (`series`): its best-ranked variant, with `group` saying how many variants match and the range they span. The range is of the spec the query ranks or filters on, else of the category's headline spec (STC power, AC power, heating output, usable capacity, charging power); a product in no line is a row of its own. `total` still counts products; `meta.groups` counts the rows.",
      { type: 'string', enum: [...GROUP_BY] },
    ),
    ...RANGE_PARAMS,
    ...VALUE_PARAMS,
  ];
}
