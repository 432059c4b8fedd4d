// The fidelity of the .PAN files over the whole catalog: fits every module that carries CEC
// single-diode parameters, as the service does on a file's first request (dist/src/interchange),
// reading the stored products straight from MongoDB (read only), and prints the distribution of the
// certificates' max |ΔPmp| over the 24 IEC 61853-1 points and the time per fit.
//
//   node scripts/pvsyst-fidelity.mjs [--db pds] [--every 1] [--out file.json]
// (MONGODB_URI, default mongodb://127.0.0.1:27017; run `npx tsc -p tsconfig.json` first.)
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MongoClient } from 'mongodb';
import { fitCecModule } from '../dist/src/interchange/pvsyst-fit.js';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'pds' }, every: { type: 'string', default: '1' }, out: { type: 'string' } },
});
const every = Number(values.every);
const client = await MongoClient.connect(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017');
const modules = [];
const cursor = client
  .db(values.db)
  .collection('products')
  .find({ category: 'pv-module' }, { projection: { specs: 1 } });
for await (const p of cursor) {
  const specs = typeof p.specs === 'string' ? JSON.parse(p.specs) : p.specs;
  if (typeof specs.a_ref_v === 'number') modules.push({ id: p._id, specs });
}
await client.close();
modules.sort((a, b) => (a.id < b.id ? -1 : 1));

const results = [];
let milliseconds = 0;
for (let i = 0; i < modules.length; i += every) {
  const { id, specs } = modules[i];
  const fit = fitCecModule(specs);
  milliseconds += fit.milliseconds;
  results.push({
    id,
    max: fit.certificate.max_abs_dpmp_pct,
    rms: fit.certificate.rms_dpmp_pct,
    references: fit.references,
  });
  if (results.length % 1000 === 0) console.error(`${results.length} fitted`);
}
const sorted = results.map((r) => r.max).sort((a, b) => a - b);
const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const share = (limit) => sorted.filter((m) => m <= limit).length / sorted.length;
const summary = {
  modules: results.length,
  of: modules.length,
  ms_per_module: milliseconds / results.length,
  median_pct: quantile(0.5),
  p90_pct: quantile(0.9),
  p99_pct: quantile(0.99),
  max_pct: sorted.at(-1),
  within_0_25: share(0.25),
  within_0_5: share(0.5),
  within_1: share(1),
  over_1: results.filter((r) => r.max > 1).map((r) => `${String(r.id)} ${r.max}`),
  with_model_isc_voc: results.filter((r) => r.references === 'model').length,
};
console.log(JSON.stringify(summary, null, 2));
if (values.out) writeFileSync(values.out, JSON.stringify({ summary, results }, null, 1));
