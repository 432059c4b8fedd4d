// How many functions of src/ one search request, or one import dry run, passes through: the house's
// hop count, measured by running the code, not by reading it. The service (one process) or the
// command runs with scripts/hops/preload.cjs, which holds V8's precise coverage with call counts.
//   search: the service is started on the engines' data, a developer signs up and makes a key, the
//           service is warmed by a search of the same shape (another model: the response cache would
//           answer the same one), the counts are reset, and the search is asked: the functions of
//           dist/src/ that ran are that request's.
//   import: `import --dry-run` of a file as a new edition (convert, check, resolve, plan); every
//           function of dist/src/ the command ran, start-up included.
// Any checkout built with `npx tsc` can be measured (--root), so a change is compared with the code
// before it on the same data:
//   node scripts/hops/count.mjs search --q "SUN2000-5KTL inverter" --warm "SUN2000-6KTL inverter" [--root DIR]
//   node scripts/hops/count.mjs import --file F --list cec-modules --edition 2099-01-01 [--root DIR]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(HERE, 'preload.cjs');
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    root: { type: 'string', default: path.resolve(HERE, '..', '..') },
    q: { type: 'string', default: 'SUN2000-5KTL inverter' },
    warm: { type: 'string', default: 'SUN2000-6KTL inverter' },
    file: { type: 'string' },
    list: { type: 'string' },
    edition: { type: 'string' },
  },
});
const root = path.resolve(args.root);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hops-'));
const out = path.join(scratch, 'ran.json');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The file the preload writes, once it is there (a poll: the signal's answer is a file, not an event). */
async function written() {
  for (let i = 0; i < 200 && !existsSync(out); i++) await sleep(50);
  const ran = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out);
  return ran;
}

async function searchRequest() {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), WEB_CONCURRENCY: '1', HOPS_OUT: out, LOG_LEVEL: 'error' };
  const service = spawn(process.execPath, ['-r', PRELOAD, 'dist/src/main.js'], { cwd: root, env, stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      if (up?.ok) break;
      await sleep(100);
    }
    const post = (p, body, token) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const account = { email: `hops-${Date.now()}@example.com`, password: 'a-long-passphrase-2026' };
    await post('/auth/register', account);
    const { access_token: token } = await post('/auth/login', account);
    const { secret } = await post('/developer/keys', { name: 'hops', scopes: ['products:read', 'search:read'] }, token);
    const search = (q) =>
      fetch(`${base}/search?q=${encodeURIComponent(q)}&limit=10`, { headers: { authorization: `Bearer ${secret}` } });
    const warm = await search(args.warm);
    if (!warm.ok) throw new Error(`the search answered ${warm.status}: ${await warm.text()}`);
    service.kill('SIGUSR2');
    await written();
    const asked = await search(args.q);
    if (!asked.ok) throw new Error(`the search answered ${asked.status}`);
    service.kill('SIGUSR2');
    return await written();
  } finally {
    service.kill('SIGTERM');
  }
}

function importDryRun() {
  const command = [
    '-r',
    PRELOAD,
    'dist/src/cli/import.js',
    path.resolve(args.file),
    '--list',
    args.list,
    '--edition',
    args.edition,
    '--dry-run',
    '--accept-checksum-mismatch',
  ];
  const run = spawnSync(process.execPath, command, { cwd: root, env: { ...process.env, HOPS_OUT: out } });
  if (!existsSync(out)) throw new Error(`the import wrote no counts: ${run.stderr}`);
  const ran = JSON.parse(readFileSync(out, 'utf8'));
  return ran;
}

try {
  const ran = positionals[0] === 'import' ? importDryRun() : await searchRequest();
  const files = new Map();
  for (const fn of ran) {
    const file = fn.slice(0, fn.indexOf(':'));
    files.set(file, (files.get(file) ?? 0) + 1);
  }
  console.log(`${positionals[0] ?? 'search'} at ${root}: ${ran.length} functions of src/ in ${files.size} files`);
  for (const [file, n] of [...files].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${file}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
