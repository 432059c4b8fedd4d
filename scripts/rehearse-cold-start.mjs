// A new user's first run, rehearsed: a clean clone of the committed HEAD, every cache empty (engines,
// Go build and module caches, Maven repository, npm cache), ports of its own; then the README's start
// command exactly as written, the quickstart's curl lines exactly as written (only the port differs),
// their answers checked against the output the README shows, and everything stopped again.
// Run by .ci/run after `npm test`. Node built-ins only: it runs before any node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORTS = { app: 3190, elasticsearch: 9290, mongodb: 27190, redis: 6390 };
const LISTEN_TIMEOUT_MS = 30 * 60 * 1000;
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const say = (message) => process.stdout.write(`[cold-start] ${message}\n`);

/** The README's fenced blocks of one language inside the section that starts with `heading`. */
function blocks(readme, heading, lang) {
  const start = readme.indexOf(`\n${heading}`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const next = readme.indexOf('\n## ', start + heading.length + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
}

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const startCommand = blocks(readme, '## Two commands', 'sh')[0]
  .split('\n')
  .find((line) => line.startsWith('npm start'))
  ?.replace(/#.*$/, '')
  .trim();
const [, quickstart] = blocks(readme, '## Quickstart', 'sh');
const [printed] = blocks(readme, '## Quickstart', 'json');
if (!startCommand || !quickstart || !printed)
  throw new Error('README: start command, quickstart lines or their printed output not found');

// Under /var/tmp: the Elasticsearch user must reach the engines folder through every parent.
const work = mkdtempSync('/var/tmp/pds-cold-start-');
chmodSync(work, 0o755);
const clone = path.join(work, 'pds');
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))),
  ENGINES_DIR: path.join(work, 'engines'),
  GOCACHE: path.join(work, 'go-build'),
  GOMODCACHE: path.join(work, 'go-mod'),
  MAVEN_OPTS: `-Dmaven.repo.local=${path.join(work, 'm2')}`,
  npm_config_cache: path.join(work, 'npm-cache'),
  PORT: String(PORTS.app),
  ELASTICSEARCH_URL: `http://127.0.0.1:${PORTS.elasticsearch}`,
  MONGODB_URI: `mongodb://127.0.0.1:${PORTS.mongodb}/pds`,
  REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
};

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

let app = null;
const exited = () => app === null || app.exitCode !== null || app.signalCode !== null;

async function stopEverything() {
  if (app && !exited()) {
    process.kill(-app.pid, 'SIGINT'); // what Ctrl-C in the user's terminal sends: the whole group
    const gone = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 90000);
      app.on('exit', () => (clearTimeout(timer), resolve(true)));
    });
    if (!gone) {
      process.kill(-app.pid, 'SIGKILL');
      throw new Error('npm start did not stop within 90 s of Ctrl-C');
    }
  }
}

async function main() {
  for (const [name, port] of Object.entries(PORTS))
    if (await portOpen(port)) throw new Error(`port ${port} (${name}) is taken before the rehearsal`);
  say(`cloning HEAD into ${clone}; caches empty under ${work}`);
  const cloned = spawnSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('git clone failed');

  say(`running the README's start command: ${startCommand}`);
  app = spawn('sh', ['-c', startCommand], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line within ${LISTEN_TIMEOUT_MS / 60000} min`)),
      LISTEN_TIMEOUT_MS,
    );
    const onLine = (line) => {
      if (line.trim()) process.stdout.write(`[cold-start ${elapsed()}] ${line}\n`);
      if (line.includes('"msg":"listening"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const stream of [app.stdout, app.stderr]) {
      let rest = '';
      stream.setEncoding('utf8').on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        lines.forEach(onLine);
      });
    }
    app.on('exit', (code) => reject(new Error(`npm start exited (${code}) before it listened`)));
  });
  const listenedAfter = elapsed();
  say(`listening after ${listenedAfter}`);

  const script = quickstart.replaceAll('http://127.0.0.1:3000', `http://127.0.0.1:${PORTS.app}`);
  const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: clone,
    env,
    encoding: 'utf8',
    timeout: 60000,
  });
  if (run.status !== 0) throw new Error(`the quickstart's curl lines failed (${run.status}): ${run.stderr}`);
  // curl -s adds no newline: the answers arrive back to back, as a terminal shows them.
  const answers = jsonValues(run.stdout);
  const [registeredShown, searchShown] = printed
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const [registered, search] = answers;
  if (answers.length !== 2)
    throw new Error(`the quickstart printed ${answers.length} answers, the README shows 2:\n${run.stdout}`);
  for (const field of ['email', 'credits']) {
    if (registered[field] !== registeredShown[field])
      throw new Error(`register answered ${field}=${registered[field]}, the README shows ${registeredShown[field]}`);
  }
  if (!/^[0-9a-f-]{36}$/.test(registered.id))
    throw new Error(`register answered no account id: ${JSON.stringify(registered)}`);
  if (JSON.stringify(search) !== JSON.stringify(searchShown)) {
    throw new Error(`the search answered\n${JSON.stringify(search)}\nthe README shows\n${JSON.stringify(searchShown)}`);
  }
  say('the quickstart answered what the README shows');

  await stopEverything();
  for (const [name, port] of Object.entries(PORTS))
    if (await portOpen(port)) throw new Error(`${name} still listens on ${port} after Ctrl-C`);
  say(`everything stopped; listening after ${listenedAfter}, rehearsal done in ${elapsed()}`);
}

/** The JSON values written back to back in `text` (`{...}{...}` or one per line). */
function jsonValues(text) {
  const values = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if ((c === '}' || c === ']') && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  process.stderr.write(`[cold-start] FAILED after ${elapsed()}: ${err.message}\n`);
  await stopEverything().catch(() => undefined);
  // Whatever the failed run left behind, stopped by the clone's own engine script.
  spawnSync(process.execPath, ['engines/cli.mjs', 'down'], { cwd: clone, env, stdio: 'inherit' });
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
