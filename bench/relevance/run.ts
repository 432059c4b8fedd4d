// npm run relevance [-- --per-kind 400 --per-template 40 --seed N]: success@1, @3 and @10 per way of
// typing a model number, and success@3, precision@10 and empty answers per template of the people's
// queries (people.ts), for the search the API runs (its service: parser, understanding, request
// builder), against the alias `npm start` loaded. Prints tables and writes bench-results/relevance.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { createEsClient, type EsClient } from '../../src/adapters/elasticsearch/client';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import { ProductIndex } from '../../src/adapters/elasticsearch/product-index';
import { IndexGeneration } from '../../src/adapters/elasticsearch/index-generation';
import { findProducts } from '../../src/search/search.service';
import { makerDictionary } from '../../src/search/maker-dictionary';
import { understand } from '../../src/search/understanding';
import type { SearchDocument } from '../../src/catalog/search-document';
import { ROOT } from '../processes';
import { buildQuerySet, rankOf, summarize, TARGETS, type Hit, type Target } from './query-set';
import {
  buildComparisonSet,
  buildPeopleSet,
  JUDGED_FIELDS,
  judgePeople,
  overall,
  PEOPLE_TARGETS,
  productOf,
  type PeopleResult,
  type Product,
} from './people';
import { buildNamedSet, judgeNamed, NAMED_TARGET, type NamedResult } from './named';
import { buildDesignPointSet, rankingChange } from './design-points';
import {
  brandsPeopleType,
  buildBrandSet,
  printedElsewhere,
  scanBrands,
  type PrintedElsewhere,
  type ScanRow,
} from './brands';

const { values: args } = parseArgs({
  options: {
    'per-kind': { type: 'string', default: '400' },
    'per-template': { type: 'string', default: '40' },
    seed: { type: 'string', default: '20261121' },
  },
});

async function main() {
  const config = loadConfig();
  const es = createEsClient(config.ELASTICSEARCH_URL, 30000);
  const { products, catalog } = await readCatalog(es, config.ELASTICSEARCH_INDEX);
  const cases = buildQuerySet(products, Number(args['per-kind']), Number(args.seed));
  // No read cache: every query of the set is asked once.
  const search = new ProductIndex({
    es,
    alias: config.ELASTICSEARCH_INDEX,
    generation: new IndexGeneration(es, config.ELASTICSEARCH_INDEX, config.ALIAS_CHECK_MS),
    cacheLimits: { maxBytes: 0, maxEntries: 0 },
  });
  const secret = 'relevance'.repeat(4);
  const ask: Ask = (q, fields) => findProducts('search', { q, limit: 10, fields }, search, secret);
  const report = summarize(cases, await ranksOf(cases, ask));
  const people = buildPeopleSet(catalog, Number(args['per-template']));
  const peopleReport = judgePeople(people, await peopleAnswers(people, ask), catalog);
  const comparisons = buildComparisonSet(catalog, Number(args['per-template']));
  const comparisonReport = judgePeople(comparisons, await peopleAnswers(comparisons, ask), catalog);
  const named = buildNamedSet(catalog, Number(args['per-template']));
  const namedReport = judgeNamed(named, await namedAnswers(named, ask), catalog);
  const brands = buildBrandSet(catalog, Number(args['per-template']));
  const brandReport = judgeNamed(brands, await namedAnswers(brands, ask), catalog);
  const dictionary = makerDictionary(await search.companyNames());
  const typed = brandsPeopleType(catalog);
  const scan = { read: scanBrands(typed, dictionary), elsewhere: printedElsewhere(catalog, typed, dictionary) };
  const designPoints = buildDesignPointSet(catalog, Number(args['per-template']));
  const designReport = judgePeople(designPoints, await peopleAnswers(designPoints, ask), catalog);
  const change = rankingChange(designPoints, catalog);
  const all = overall(peopleReport);
  const cost = understandingCost(await search.companyNames(), [
    ...people.map((c) => c.q),
    ...comparisons.map((c) => c.q),
    ...named.map((c) => c.q),
    ...brands.map((c) => c.q),
    ...designPoints.map((c) => c.q),
    ...cases.map((c) => c.q),
  ]);
  console.log(`relevance: ${products.length} products, ${cases.length} queries (seed ${args.seed})\n`);
  printKinds(report);
  printPeople(peopleReport, all);
  printComparisons(comparisonReport);
  printNamed(named.length, namedReport);
  printBrands(brandReport, scan);
  printDesignPoints(designReport, change);
  console.log(
    `\nunderstanding, in the gateway: ${cost.perQueryUs.toFixed(1)} µs per query (median of ${cost.rounds} rounds over ${cost.queries} queries); the companies' dictionary built in ${cost.dictionaryMs.toFixed(0)} ms once per index generation`,
  );
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench-results', 'relevance.json'),
    JSON.stringify(
      {
        seed: Number(args.seed),
        products: products.length,
        report,
        people: peopleReport,
        overall: all,
        comparisons: comparisonReport,
        named: namedReport.map((r) => ({ ...r, misses: r.misses.length })),
        brands: {
          kind: brandReport.map((r) => ({ ...r, misses: r.misses.length })),
          scan: scan.read,
          elsewhere: scan.elsewhere,
        },
        designPoints: designReport,
        rankingChange: change,
      },
      null,
      2,
    ),
  );
  await es.close();
}

/** One search as the API runs it, first page of 10, with `fields` of each hit. */
type Ask = (q: string, fields: Parameters<typeof findProducts>[1]['fields']) => ReturnType<typeof findProducts>;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);

/** Every indexed product, as the model-number set targets it and as the people's sets judge it. */
async function readCatalog(es: EsClient, alias: string): Promise<{ products: Target[]; catalog: Product[] }> {
  const products: Target[] = [];
  const catalog: Product[] = [];
  for await (const d of new IndexAdmin(es, alias).documents<SearchDocument>()) {
    catalog.push(productOf(d));
    products.push({
      id: d.id,
      model: d.model,
      manufacturer: d.manufacturer,
      category: d.category,
      stc_power_w: d.specs.stc_power_w as number | undefined,
      ...(d.company ? { company: d.company.id } : {}),
    });
  }
  return { products, catalog };
}

/** The rank of each model-number query's product in its answer. */
async function ranksOf(cases: ReturnType<typeof buildQuerySet>, ask: Ask): Promise<number[]> {
  const ranks: number[] = [];
  for (const c of cases) {
    const fields = ['id', 'model', 'manufacturer', 'company', 'category', 'specs.stc_power_w'] as const;
    const result = await ask(c.q, [...fields]);
    ranks.push(rankOf(c, result.data as unknown as Hit[]));
  }
  return ranks;
}

/** The answers to a set of people's queries (or comparisons), one after another. */
async function peopleAnswers(set: readonly { q: string }[], ask: Ask): Promise<PeopleResult[]> {
  const answers: PeopleResult[] = [];
  for (const c of set) {
    const result = await ask(c.q, [...JUDGED_FIELDS]);
    answers.push({ hits: result.data as unknown as Product[], total: result.meta.total });
  }
  return answers;
}

/** The answers to the named-against-inferred set, with the bounds each answer says it could not meet. */
async function namedAnswers(set: readonly { q: string }[], ask: Ask): Promise<NamedResult[]> {
  const answers: NamedResult[] = [];
  for (const c of set) {
    const result = await ask(c.q, [...JUDGED_FIELDS]);
    const unmet = (result.meta.interpretation as { unmet?: { spec: string }[] } | undefined)?.unmet ?? [];
    answers.push({
      hits: result.data as unknown as Product[],
      total: result.meta.total,
      unmet: unmet.map((u) => u.spec),
    });
  }
  return answers;
}

function printKinds(report: ReturnType<typeof summarize>): void {
  console.log('| kind | queries | @1 | @3 | @10 | target |\n|---|---|---|---|---|---|');
  for (const r of report) {
    const t = TARGETS[r.kind];
    const reached = t ? ({ 1: r.at1, 3: r.at3, 10: r.at10 } as const)[t.at] >= t.min : undefined;
    console.log(
      `| ${r.kind} | ${r.queries} | ${pct(r.at1)} | ${pct(r.at3)} | ${pct(r.at10)} | ${t ? `${pct(t.min).trim()} @${t.at}: ${reached ? 'met' : 'NOT met'}` : '-'} |`,
    );
  }
  for (const r of report) if (r.misses.length) console.log(`\n${r.kind}, missed: ${r.misses.join('; ')}`);
}

function printPeople(peopleReport: ReturnType<typeof judgePeople>, all: ReturnType<typeof overall>): void {
  console.log(`\npeople's queries: ${all.queries} (seed 20261124)\n`);
  console.log('| template | queries | @3 | precision@10 | empty |\n|---|---|---|---|---|');
  for (const r of peopleReport)
    console.log(`| ${r.template} | ${r.queries} | ${pct(r.at3)} | ${pct(r.precision10)} | ${r.empty} |`);
  const met = all.at3 >= PEOPLE_TARGETS.at3 && all.precision10 >= PEOPLE_TARGETS.precision10 && all.empty === 0;
  console.log(
    `| **all** | ${all.queries} | ${pct(all.at3)} | ${pct(all.precision10)} | ${all.empty} |\n\ntargets (@3 >= 95%, precision@10 >= 90%, no empty): ${met ? 'met' : 'NOT met'}`,
  );
  for (const r of peopleReport) if (r.misses.length) console.log(`\n${r.template}, missed: ${r.misses.join('; ')}`);
}

function printComparisons(comparisonReport: ReturnType<typeof judgePeople>): void {
  const within = overall(comparisonReport);
  const withinAll =
    comparisonReport.reduce((a, r) => a + r.within * r.queries, 0) /
    (comparisonReport.reduce((a, r) => a + r.queries, 0) || 1);
  console.log(`\ncomparisons and ranges: ${within.queries} (seed 20261125)\n`);
  console.log('| kind | queries | within | @3 | precision@10 | empty |\n|---|---|---|---|---|---|');
  for (const r of comparisonReport)
    console.log(
      `| ${r.template} | ${r.queries} | ${pct(r.within)} | ${pct(r.at3)} | ${pct(r.precision10)} | ${r.empty} |`,
    );
  console.log(
    `| **all** | ${within.queries} | ${pct(withinAll)} | ${pct(within.at3)} | ${pct(within.precision10)} | ${within.empty} |\n\ntarget (within >= 95%): ${withinAll >= 0.95 ? 'met' : 'NOT met'}`,
  );
  for (const r of comparisonReport) if (r.misses.length) console.log(`\n${r.template}, missed: ${r.misses.join('; ')}`);
}

function printNamed(queries: number, namedReport: ReturnType<typeof judgeNamed>): void {
  console.log(`\nwhat was named against what was inferred: ${queries} (seed 20261127)\n`);
  console.log('| kind | queries | @1 | precision@10 | bound said |\n|---|---|---|---|---|');
  for (const r of namedReport)
    console.log(
      `| ${r.kind} | ${r.queries} | ${pct(r.at1)} | ${pct(r.precision10)} | ${r.said === undefined ? '-' : pct(r.said)} |`,
    );
  console.log(`\ntarget (each kind's @1 and bound said >= ${NAMED_TARGET * 100}%)`);
  for (const r of namedReport) if (r.misses.length) console.log(`\n${r.kind}, missed: ${r.misses.join('; ')}`);
}

function printBrands(
  report: ReturnType<typeof judgeNamed>,
  scan: { read: readonly ScanRow[]; elsewhere: readonly PrintedElsewhere[] },
): void {
  console.log('\nbrands people type, as the maker dictionary reads them (bench/relevance/brands.ts)\n');
  console.log('| from | brands | read as every company printing it | as some | not read |\n|---|---|---|---|---|');
  for (const r of scan.read) console.log(`| ${r.from} | ${r.brands} | ${r.whole} | ${r.part} | ${r.unread.length} |`);
  for (const r of scan.read) if (r.unread.length) console.log(`\n${r.from}, not read: ${r.unread.join(', ')}`);
  const review = (k: PrintedElsewhere['review']) => scan.elsewhere.filter((e) => e.review === k);
  console.log(
    `\nprinted in the models or maker names of a company the brand does not reach: ${scan.elsewhere.length} (brand entry ${review('brand entry').length}, not the brand ${review('not the brand').length}, not reviewed ${review('not reviewed').length})`,
  );
  for (const e of review('not reviewed'))
    console.log(`  not reviewed: ${e.brand} in ${e.company} (${e.products}, e.g. ${e.example})`);
  console.log('\n| kind | queries | @1 | precision@10 |\n|---|---|---|---|');
  for (const r of report) console.log(`| ${r.kind} | ${r.queries} | ${pct(r.at1)} | ${pct(r.precision10)} |`);
  for (const r of report) if (r.misses.length) console.log(`\n${r.kind}, missed: ${r.misses.join('; ')}`);
}

function printDesignPoints(report: ReturnType<typeof judgePeople>, change: ReturnType<typeof rankingChange>): void {
  const queries = report.reduce((a, r) => a + r.queries, 0);
  const within = report.reduce((a, r) => a + r.within * r.queries, 0) / (queries || 1);
  console.log(`\ndesign points: ${queries} (seed 20261128)\n`);
  console.log('| kind | queries | within | @3 | precision@10 | empty |\n|---|---|---|---|---|---|');
  for (const r of report)
    console.log(
      `| ${r.template} | ${r.queries} | ${pct(r.within)} | ${pct(r.at3)} | ${pct(r.precision10)} | ${r.empty} |`,
    );
  const met = report.every((r) => r.within >= 0.95);
  console.log(
    `| **all** | ${queries} | ${pct(within)} | | | |\n\ntarget (each kind within >= 95%): ${met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `ranking at the voltage against at nominal voltage (${change.queries} inverter queries, products' own values): ${pct(change.overlap).trim()} of the ten most efficient at the voltage are also the ten at nominal; the first differs in ${pct(change.firstDiffers).trim()}`,
  );
  for (const r of report) if (r.misses.length) console.log(`\n${r.template}, missed: ${r.misses.join('; ')}`);
}

/** What reading a query costs the gateway: CPU time of understand() per query, and of building the dictionary. */
function understandingCost(names: Parameters<typeof makerDictionary>[0], queries: readonly string[]) {
  const t0 = process.hrtime.bigint();
  const dictionary = makerDictionary(names);
  const dictionaryMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const rounds = 7;
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (const q of queries) understand(q, dictionary);
    perRound.push(Number(process.hrtime.bigint() - start) / 1e3 / queries.length);
  }
  perRound.sort((a, b) => a - b);
  return { perQueryUs: perRound[Math.floor(rounds / 2)], rounds, queries: queries.length, dictionaryMs };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
