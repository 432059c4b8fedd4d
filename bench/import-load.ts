// An import of a new edition while people read: `node dist/bench/import-load.js` after `npm run build`,
// with the local engines up. A scratch catalog of the two CEC inverter editions (seeded with the real
// command, from a seed folder of their own), the real service as its own process on it, two clients
// reading through it one request after another (bench/read-sampler.ts), and `npm run import`'s
// command run on a synthetic 2025 edition made from the 2024 file: 15 s of reads before, the whole
// import, 15 s after. Prints JSON; the scratch catalog and folder are dropped at the end.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openCatalog, type Catalog } from '../test/helpers/catalog';
import { newDeveloper } from '../test/helpers/accounts';
import { ELASTICSEARCH_URL, REDIS_URL } from '../test/helpers/engines';
import { DEFAULT_SEED_DIR } from '../src/ingest/convert';
import { ROOT, startGateway } from './processes';
import { sampleReads } from './read-sampler';

const LIST = 'cec-inverters';
const NEWEST = 'hisim-cec-inverters-2024-11-14.csv';
const PHASE_MS = 15_000;

/** A seed folder holding only `list`'s editions: its manifest and its files, as pinned. */
function seedFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-import-load-'));
  const manifest = JSON.parse(readFileSync(path.join(DEFAULT_SEED_DIR, 'manifest.json'), 'utf8'));
  manifest.sources = manifest.sources.filter((s: { list: string }) => s.list === LIST);
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  mkdirSync(path.join(dir, 'sources'));
  for (const s of manifest.sources as { file: string }[])
    copyFileSync(path.join(DEFAULT_SEED_DIR, 'sources', s.file), path.join(dir, 'sources', s.file));
  return dir;
}

/** The 2024 file as a 2025 edition: AC power up 2% on every 20th inverter, every 50th gone, 5 new. */
function edition2025(seedDir: string): { file: string; changed: number; dropped: number; added: number } {
  const [header, units, index, ...records] = readFileSync(path.join(seedDir, 'sources', NEWEST), 'utf8')
    .trimEnd()
    .split('\n');
  const paco = header.split(',').indexOf('Paco');
  let changed = 0;
  const kept = records.filter((_, i) => i % 50 !== 49);
  const out = kept.map((line, i) => {
    if (i % 20 !== 0 || line.includes('"')) return line;
    const cells = line.split(',');
    cells[paco] = String(Math.round(Number(cells[paco]) * 1.02));
    changed += 1;
    return cells.join(',');
  });
  const fresh = records
    .filter((l) => !l.includes('"'))
    .slice(0, 5)
    .map((line, i) => line.replace(/^([^,]*?)( \[|,)/, `$1-IMPORT25${i}$2`));
  const file = path.join(seedDir, 'cec-inverters-2025-03-01.csv');
  writeFileSync(file, [header, units, index, ...out, ...fresh].join('\n') + '\n');
  return { file, changed, dropped: records.length - kept.length, added: fresh.length };
}

function command(catalog: Catalog, name: 'seed' | 'import', args: string[]) {
  return {
    argv: [path.join(ROOT, `dist/src/cli/${name}.js`), ...args],
    env: { ...process.env, MONGODB_URI: catalog.mongoUri, ELASTICSEARCH_INDEX: catalog.alias, ELASTICSEARCH_URL },
  };
}

async function main() {
  const catalog = await openCatalog();
  const seedDir = seedFolder();
  try {
    const seed = command(catalog, 'seed', ['--seed-dir', seedDir]);
    const seeded = spawnSync(process.execPath, seed.argv, { env: seed.env, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
    const server = await startGateway(
      {
        WEB_CONCURRENCY: '1',
        MONGODB_URI: catalog.mongoUri,
        ELASTICSEARCH_INDEX: catalog.alias,
        REDIS_URL,
        REDIS_KEY_PREFIX: 'pds-bench-import:',
        SIGNUP_CREDITS: '100000000',
        RATE_LIMIT_MAX: '100000000',
        ACCOUNT_RATE_LIMIT_MAX: '100000000',
        JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
        CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef01234567',
        WEBHOOK_SECRET_KEY: 'bench-webhook-secret-key-0123456789abcdef012',
        LOG_LEVEL: 'warn',
      },
      '/tmp/pds-bench-import.log',
    );
    try {
      const key = (await (await newDeveloper(server.url)).key(['products:read', 'search:read'])).secret;
      const edition = edition2025(seedDir);
      const products = await catalog.products.count();
      const before = await sampleReads(server.url, key, new Promise((r) => setTimeout(r, PHASE_MS)));
      const run = command(catalog, 'import', [
        edition.file,
        '--list',
        LIST,
        '--edition',
        '2025-03-01',
        '--seed-dir',
        seedDir,
      ]);
      const t0 = performance.now();
      let stderr = '';
      const imported = new Promise<number>((resolve) => {
        const child = spawn(process.execPath, run.argv, { env: run.env, stdio: ['ignore', 'ignore', 'pipe'] });
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('exit', (code) => resolve(code ?? -1));
      });
      const during = await sampleReads(server.url, key, imported);
      const seconds = (performance.now() - t0) / 1000;
      const after = await sampleReads(server.url, key, new Promise((r) => setTimeout(r, PHASE_MS)));
      console.log(
        JSON.stringify({
          catalog_products: products,
          edition: { changed: edition.changed, dropped: edition.dropped, added: edition.added },
          import: { exit: await imported, seconds: Math.round(seconds), report: stderr.trim().split('\n').slice(-3) },
          reads: [
            { phase: 'before', ...before },
            { phase: 'during', ...during },
            { phase: 'after', ...after },
          ],
        }),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await catalog.drop();
    rmSync(seedDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
