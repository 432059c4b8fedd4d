// Every .PAN and .OND file of the catalog, made as the service makes them (getPvsystFile's use case,
// dist/src/interchange/pvsyst.service.js, over the live index and the record), then read back by pvlib
// (test/pvlib/pvsyst_catalog.py): does each parse with read_panond, hold no `nan`, and has every key
// read a class; and the distribution of the certificates, recomputed by pvlib. Fits are kept in memory
// (nothing is written to the record).
//
//   node scripts/pvsyst-every-file.mjs [--every 1] [--category pv-module|inverter] [--out summary.json]
//     [--keep files.jsonl | --files files.jsonl]
// --keep keeps the files made (one JSON line each) for a later `--files` run, which reads them
// instead of making them again (making every file takes 15 minutes of one core).
// (ELASTICSEARCH_URL, MONGODB_URI and ELASTICSEARCH_INDEX as the service reads them; run `npx tsc` first.)
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig, mongoDatabaseName } from '../dist/src/config.js';
import { createEsClient } from '../dist/src/adapters/elasticsearch/client.js';
import { createMongo } from '../dist/src/adapters/mongo/client.js';
import { IndexGeneration } from '../dist/src/adapters/elasticsearch/index-generation.js';
import { ProductIndex } from '../dist/src/adapters/elasticsearch/product-index.js';
import { RevisionRepository } from '../dist/src/adapters/mongo/revision.repository.js';
import { pvsystFile } from '../dist/src/interchange/pvsyst.service.js';
import { PYTHON } from '../dist/test/helpers/pvlib.js';
import { ROOT } from '../engines/util.mjs';

const { values: args } = parseArgs({
  options: {
    every: { type: 'string', default: '1' },
    out: { type: 'string' },
    keep: { type: 'string' },
    files: { type: 'string' },
    category: { type: 'string' },
  },
});
const every = Number(args.every);
const config = loadConfig(process.env);
const es = createEsClient(config.ELASTICSEARCH_URL, 60000);
const mongo = createMongo(config.MONGODB_URI, mongoDatabaseName(config.MONGODB_URI), 60000);
const generation = new IndexGeneration(es, config.ELASTICSEARCH_INDEX, 60000);
const index = new ProductIndex({
  es,
  alias: config.ELASTICSEARCH_INDEX,
  generation,
  cacheLimits: { maxBytes: 1, maxEntries: 1 },
});
const fits = new Map();
/** The product the use case read last: its specs are the values pvlib's check needs (no second read). */
let lastRead;
const ports = {
  index: { get: async (id, source) => (lastRead = await index.get(id, source)) },
  revisions: new RevisionRepository(mongo.db),
  fits: { get: async (id) => fits.get(id) ?? null, put: async (id, fit) => void fits.set(id, fit) },
};
const origin = { service: 'Product Data Service', url: 'https://pds.example/api/v1/products' };

/** Every module and inverter id in the record, in id order. */
async function productIds() {
  const cursor = mongo.db
    .collection('products')
    .find(
      { category: { $in: args.category ? [args.category] : ['pv-module', 'inverter'] } },
      { projection: { _id: 1, category: 1 } },
    );
  const all = [];
  for await (const p of cursor) all.push({ id: String(p._id), category: p.category });
  return all.sort((a, b) => (a.id < b.id ? -1 : 1)).filter((_, i) => i % every === 0);
}

/** Makes each file with the service's use case; writes the files for pvlib, counts refusals by reason. */
async function makeFiles(products, linesFile) {
  const out = createWriteStream(linesFile);
  const refused = {};
  const made = { pan: 0, ond: 0, fitMs: 0 };
  for (const [i, { id }] of products.entries()) {
    try {
      const f = await pvsystFile(id, { format: 'json' }, ports, origin);
      const numeric = Object.fromEntries(
        Object.entries(lastRead.specs).filter(
          ([, v]) => typeof v === 'number' || (Array.isArray(v) && v.every(Number.isFinite)),
        ),
      );
      made[f.kind] += 1;
      made.fitMs += f.certificate.fit?.milliseconds ?? 0;
      const line = { id, kind: f.kind, text: f.text, paths: f.json.keys.map((k) => k.path), values: numeric };
      if (f.json.keys.some((k) => !['sourced', 'mapped', 'derived', 'default'].includes(k.class))) line.paths = []; // a twin key without a class counts as unclassed in pvlib's view
      if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
    } catch (err) {
      const reason = String(err?.problem?.errors?.[0]?.message ?? err.message).replace(/'[^']*'/g, "'…'");
      refused[reason] = (refused[reason] ?? 0) + 1;
    }
    if ((i + 1) % 2000 === 0) console.error(`${i + 1} of ${products.length} made`);
  }
  out.end();
  await once(out, 'finish');
  return { made, refused };
}

/** pvlib reads every file back; one result per file. */
async function pvlibView(linesFile) {
  const child = spawn(PYTHON, [path.join(ROOT, 'test', 'pvlib', 'pvsyst_catalog.py'), linesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const results = [];
  for await (const line of readline.createInterface({ input: child.stdout })) results.push(JSON.parse(line));
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`pvsyst_catalog.py exited ${code}`);
  return results;
}

function distribution(values) {
  const sorted = values.toSorted((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const share = (limit) => Number((sorted.filter((v) => v <= limit).length / sorted.length).toFixed(4));
  return {
    n: sorted.length,
    median: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1),
    within_0_5: share(0.5),
    within_1: share(1),
  };
}

function summary({ products, made, refused, seconds }, results) {
  const bad = (r) => r.parse_error || r.nan || r.non_numbers?.length > 0 || r.unclassed?.length > 0;
  const figures = (kind, key, model) =>
    results
      .filter((r) => r.kind === kind && typeof r[key] === 'number' && (!model || r.model === model))
      .map((r) => r[key]);
  const count = (labels) => labels.reduce((n, l) => ({ ...n, [l]: (n[l] ?? 0) + 1 }), {});
  const cec = results.filter((r) => r.kind === 'pan' && typeof r.max_abs_dpmp_pct === 'number');
  return {
    products,
    made,
    refused,
    seconds,
    read_by_pvlib: results.length,
    not_read_or_with_nan_or_unclassed: results.filter(bad).map((r) => ({
      id: r.id,
      parse_error: r.parse_error,
      nan: r.nan,
      non_numbers: r.non_numbers,
      unclassed: r.unclassed,
    })),
    not_computed_by_pvlib: results
      .filter((r) => r.not_computed?.length > 0)
      .map((r) => `${r.id} ${r.not_computed.join(' ')} ${r.compare_error ?? ''}`),
    pan_cec_max_abs_dpmp_pct: distribution(figures('pan', 'max_abs_dpmp_pct')),
    pan_cec_over_1: cec.filter((r) => r.max_abs_dpmp_pct > 1).map((r) => `${r.id} ${r.max_abs_dpmp_pct.toFixed(2)}`),
    pan_sandia_reference_dpmp_pct: distribution(figures('pan', 'reference_dpmp_pct')),
    ond_sandia_max_abs_dpac_pct_of_paco: distribution(figures('ond', 'max_abs_dpac_pct_of_paco', 'sandia')),
    ond_adr_max_abs_dpac_pct_of_pacmax: distribution(figures('ond', 'max_abs_dpac_pct_of_paco', 'adr')),
    ond_profiles: count(results.filter((r) => r.kind === 'ond').map((r) => `${r.model} ${r.profiles}`)),
  };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'pvsyst-every-'));
try {
  const started = Date.now();
  const linesFile = args.files ?? args.keep ?? path.join(dir, 'files.jsonl');
  const products = args.files ? undefined : await productIds();
  const { made, refused } = products
    ? await makeFiles(products, linesFile)
    : { made: 'read from --files', refused: {} };
  const making = (Date.now() - started) / 1000;
  const results = await pvlibView(linesFile);
  const seconds = { making, pvlib: (Date.now() - started) / 1000 - making };
  const report = summary({ products: products?.length ?? results.length, made, refused, seconds }, results);
  console.log(JSON.stringify(report, null, 2));
  if (args.out) writeFileSync(args.out, `${JSON.stringify(report, null, 1)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  await Promise.allSettled([es.close(), mongo.client.close()]);
}
