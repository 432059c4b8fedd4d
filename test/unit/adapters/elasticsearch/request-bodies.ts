// A spread of queries as the service hands them to the Elasticsearch adapter (parsed, understood on a
// small fixed dictionary, relaxed as an empty answer relaxes them), and the request bodies the adapter
// builds for them: shared by the body unit tests and by the check that a refactoring left every body
// byte-identical (`node dist/test/unit/adapters/elasticsearch/request-bodies.js > bodies.json`).
import { makerDictionary } from '../../../../src/search/maker-dictionary';
import { understand } from '../../../../src/search/understanding';
import { understoodOf } from '../../../../src/search/interpretation';
import { parseProductQuery } from '../../../../src/search/product-query-parser';
import { buildSearchRequest } from '../../../../src/adapters/elasticsearch/search-request';
import { filterQuery } from '../../../../src/adapters/elasticsearch/search-filters';
import {
  categorySpecsRequest,
  companiesRequest,
  companyNamesRequest,
} from '../../../../src/adapters/elasticsearch/search-aggregations';
import { buildSimilarRequest } from '../../../../src/adapters/elasticsearch/similar-request';
import { modelSearches } from '../../../../src/adapters/elasticsearch/model-request';
import { buildSuggestRequest } from '../../../../src/adapters/elasticsearch/suggestions';
import type { Category } from '../../../../src/catalog/spec-catalog';
import type { CompanyNames, Mode, ProductQuery, Relaxation } from '../../../../src/catalog/product-query';
import type { SortValue } from '../../../../src/shared/cursor';

const company = (id: string, names: string[], categories: Record<string, number>, madeBy: string[] = []) =>
  ({ id, name: names[0], names: [id, ...names.map((n) => n.toLowerCase())], categories, madeBy }) as CompanyNames;

/** Companies the queries below name, as companyNames() reads them from the index. */
export const DICTIONARY = makerDictionary([
  company('trina-solar', ['Trina Solar', 'Trina'], { 'pv-module': 1400 }),
  company('jinko-solar', ['Jinko Solar Co. Ltd', 'Jinko'], { 'pv-module': 590, inverter: 62 }),
  company('hanwha-qcells', ['Hanwha Q CELLS', 'Qcells'], { 'pv-module': 900 }),
  company('sma-america', ['SMA America', 'SMA'], { inverter: 300 }),
  company('sma-solar-technology', ['SMA Solar Technology'], { inverter: 200 }),
  company('enphase-energy', ['Enphase Energy', 'Enphase'], { inverter: 150 }),
  company('sunpower', ['SunPower', 'sma america', 'sma'], { 'pv-module': 900, inverter: 160 }, ['sma-america']),
  company('daikin-europe', ['DAIKIN Europe', 'Daikin'], { 'heat-pump': 600 }),
]);

/** A query as the search service builds it: parsed, its words understood, relaxed when asked. */
export function productQuery(mode: Mode, raw: Record<string, unknown>, relaxed?: Relaxation): ProductQuery {
  const parsed = parseProductQuery(mode, { limit: 20, ...raw });
  const reading =
    mode === 'search' && parsed.q
      ? understand(
          parsed.q,
          DICTIONARY,
          parsed.categories.length === 1 ? (parsed.categories[0] as Category) : undefined,
        )
      : undefined;
  const understood = reading && understoodOf(reading);
  return { ...parsed, understood: understood && relaxed ? { ...understood, relaxed } : understood };
}

const TEXTS = [
  'TSM-400DE09.08',
  'trina vertex TSM-400DE09',
  'EP156P/72-300W',
  '400W Trina',
  '5kW',
  '5.5 kw',
  'Trina module over 600W',
  'inverter between 5 and 8 kW',
  'most efficient 400W module',
  'SMA Sunny Boy 7.7',
  'IQ8+',
  'Jinko modules not bifacial',
  'inverter without SMA',
  'bifacial 550W',
  'heat pump over 10 kW',
  'modules above 21% efficiency',
  '5kW inverter 208V',
  'Qcells',
  'monocrystalline',
  'xy',
  'Amerisolar AS-6M2',
  `${'a'.repeat(190)} 400W`,
  `trina ${'x'.repeat(41)}`,
];

/** Searches, lists and the other reads, each named; `after` a cursor's sort values. */
const SEARCHES: readonly [string, Mode, Record<string, unknown>, Relaxation?, SortValue[]?][] = [
  ...TEXTS.map((q) => [`search ${q.slice(0, 40)}`, 'search', { q }] as [string, Mode, Record<string, unknown>]),
  ['relaxed bounds', 'search', { q: 'Trina module over 600W' }, 'bounds'],
  ['relaxed parts', 'search', { q: 'Trina module over 600W' }, 'parts'],
  ['relaxed parts near', 'search', { q: 'bifacial 550W cheap' }, 'parts'],
  ['relaxed bounds series', 'search', { q: 'SMA Sunny Boy 7.7' }, 'bounds'],
  [
    'search with every filter',
    'search',
    {
      q: 'trina',
      category: ['pv-module'],
      manufacturer: ['Trina', 'jinko-solar'],
      series: ['sma-sunny-boy', 'enphase-iq8-plus'],
      quality: ['complete'],
      in_latest_edition: true,
      'specs.stc_power_w[gte]': '400W',
      'specs.cells_in_series[lte]': '1e99',
      'nominal_power_w[lt]': '1kW',
      'specs.bifacial': true,
      'specs.technology': ['Mono-c-Si'],
    },
  ],
  [
    'search sorted with fields',
    'search',
    { q: 'most efficient 400W module', sort: ['-specs.stc_power_w'], fields: ['model', 'specs.stc_power_w'] },
  ],
  ['search after a cursor', 'search', { q: 'Trina module over 600W' }, undefined, [5012.5, 'pvm-trina-x']],
  ['list', 'list', {}],
  ['list sorted', 'list', { sort: ['manufacturer', '-id'], 'nominal_power_w[gte]': '5kW' }],
  ['list by a spec after a cursor', 'list', { sort: ['-specs.stc_power_w'] }, undefined, [400, 'pvm-x']],
  ['list in latest edition', 'list', { category: ['inverter'], in_latest_edition: false, fields: ['specs.hybrid'] }],
];

/** Every body, by name: JSON.stringify of the result is what must not change in a refactoring. */
export function requestBodies(): Record<string, unknown> {
  const bodies: Record<string, unknown> = {};
  for (const [name, mode, raw, relaxed, after] of SEARCHES) {
    const query = productQuery(mode, raw, relaxed);
    bodies[name] = buildSearchRequest(query, after, mode === 'search' && !after);
  }
  bodies['category specs'] = categorySpecsRequest('pv-module');
  bodies['company names'] = companyNamesRequest();
  bodies['company names after'] = companyNamesRequest('trina-solar');
  bodies['companies'] = companiesRequest({ limit: 10 });
  bodies['companies of a category after'] = companiesRequest({ limit: 5, after: 'jinko-solar', category: 'inverter' });
  bodies['filter none'] = filterQuery({});
  bodies['filter all'] = filterQuery({ category: 'pv-module', inLatestEdition: true, afterId: 'pvm-x' });
  bodies['similar'] = buildSimilarRequest(
    {
      id: 'pvm-x',
      category: 'pv-module',
      near: [{ spec: 'stc_power_w', value: 400, within: 0.05, weight: 3 }],
      same: [{ spec: 'technology', value: 'Mono-c-Si', weight: 1 }],
      window: { spec: 'stc_power_w', min: 380, max: 420 },
      limit: 10,
    },
    ['id', 'model'],
  );
  bodies['models'] = modelSearches(['TSM-400DE09.08', '---'], ['id'], 5);
  bodies['suggest'] = buildSuggestRequest('trina vertx TSM400DE0');
  return bodies;
}

if (require.main === module) process.stdout.write(JSON.stringify(requestBodies(), null, 1) + '\n');
