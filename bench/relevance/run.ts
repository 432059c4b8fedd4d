// npm run relevance [-- --per-kind 400 --seed N]: success@1, @3 and @10 per way of typing, for the
// ranking the API uses (its own query parser and request builder), against the alias `npm start`
// loaded. Prints a table and writes bench-results/relevance.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config';
import { createEsClient } from '../../src/adapters/elasticsearch/client';
import { IndexAdmin } from '../../src/adapters/elasticsearch/index-admin';
import { ProductIndex } from '../../src/adapters/elasticsearch/product-index';
import { IndexGeneration } from '../../src/adapters/elasticsearch/index-generation';
import { parseProductQuery } from '../../src/search/product-query';
import type { SearchDocument } from '../../src/catalog/search-document';
import { ROOT } from '../processes';
import { buildQuerySet, rankOf, summarize, TARGETS, type Hit, type Target } from './query-set';

const { values: args } = parseArgs({
  options: { 'per-kind': { type: 'string', default: '400' }, seed: { type: 'string', default: '20261121' } },
});

async function main() {
  const config = loadConfig();
  const es = createEsClient(config.ELASTICSEARCH_URL, 30000);
  const products: Target[] = [];
  for await (const d of new IndexAdmin(es, config.ELASTICSEARCH_INDEX).documents<SearchDocument>()) {
    products.push({
      id: d.id,
      model: d.model,
      manufacturer: d.manufacturer,
      category: d.category,
      stc_power_w: d.specs.stc_power_w as number | undefined,
      ...(d.company ? { company: d.company.id } : {}),
    });
  }
  const cases = buildQuerySet(products, Number(args['per-kind']), Number(args.seed));
  // No read cache: every query of the set is asked once.
  const search = new ProductIndex(
    es,
    config.ELASTICSEARCH_INDEX,
    new IndexGeneration(es, config.ELASTICSEARCH_INDEX, config.ALIAS_CHECK_MS),
    { maxBytes: 0, maxEntries: 0 },
  );
  const ranks: number[] = [];
  for (const c of cases) {
    const query = parseProductQuery('search', {
      q: c.q,
      limit: 10,
      fields: ['id', 'model', 'manufacturer', 'company', 'category', 'specs.stc_power_w'],
    });
    const result = await search.find(query, undefined, false);
    ranks.push(
      rankOf(
        c,
        result.hits.slice(0, 10).map((h) => h.source as unknown as Hit),
      ),
    );
  }
  const report = summarize(cases, ranks);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  console.log(`relevance: ${products.length} products, ${cases.length} queries (seed ${args.seed})\n`);
  console.log('| kind | queries | @1 | @3 | @10 | target |\n|---|---|---|---|---|---|');
  for (const r of report) {
    const t = TARGETS[r.kind];
    const reached = t ? ({ 1: r.at1, 3: r.at3, 10: r.at10 } as const)[t.at] >= t.min : undefined;
    console.log(
      `| ${r.kind} | ${r.queries} | ${pct(r.at1)} | ${pct(r.at3)} | ${pct(r.at10)} | ${t ? `${pct(t.min).trim()} @${t.at}: ${reached ? 'met' : 'NOT met'}` : '-'} |`,
    );
  }
  for (const r of report) if (r.misses.length) console.log(`\n${r.kind}, missed: ${r.misses.join('; ')}`);
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench-results', 'relevance.json'),
    JSON.stringify({ seed: Number(args.seed), products: products.length, report }, null, 2),
  );
  await es.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
