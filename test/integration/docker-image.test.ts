// The production image, rehearsed without a Docker engine: the build context staged as `docker build`
// sends it, the Dockerfile's stages replayed from the file itself, then the runtime stage's folder
// alone serves real requests and runs the seed and reindex commands against the local engines.
// What it cannot check: the base image, the USER switch and file ownership, Docker networking.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_KEYS } from '../../src/config';
import { ROOT } from '../helpers/engines';
import { fullCatalog } from '../helpers/full-catalog';
import { openCatalog, type Catalog } from '../helpers/catalog';
import { writeSources } from '../helpers/seed-fixture';
import { newDeveloper } from '../helpers/accounts';
import { execForm, parseDockerfile, replay, stageContext, stageEnv, type Stage } from '../helpers/docker-build';

const stages: Stage[] = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    { build?: string; environment?: Record<string, string>; command?: string[]; healthcheck?: { test: string[] } }
  >;
};
const runtime = stages.at(-1)!;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** A child's exit code and what it wrote to stderr, once it has ended. */
const finished = (child: ChildProcess) =>
  new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });

/** The URL path a health check's inline `fetch('http://127.0.0.1:3000/...')` asks for. */
const healthPath = (command: string) => /fetch\('http:\/\/127\.0\.0\.1:3000(\/[^']*)'\)/.exec(command)?.[1];

describe('docker image (rehearsed without Docker)', function () {
  this.timeout(20 * 60 * 1000);
  let work: string;
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess | undefined;
  let base: string;
  let sent: string[];
  /** The reindex command's own catalog: the fixture, so the shared complete index is not rebuilt under other files. */
  let small: Catalog | undefined;

  before(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'pds-image-'));
    sent = stageContext(ROOT, path.join(work, 'context'));
    const folders = replay(stages, path.join(work, 'context'), path.join(work, 'stages'), process.env);
    folder = folders.at(-1)!;
    const catalog = await fullCatalog();
    const port = await freePort();
    // What compose gives the app (the seed service gets the same), with this machine's engines and
    // the shared full catalog in place of compose's service names.
    env = {
      PATH: process.env.PATH,
      ...stageEnv(runtime),
      ...compose.services.app.environment,
      PORT: String(port),
      ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
      MONGODB_URI: catalog.mongoUri,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      ELASTICSEARCH_INDEX: catalog.alias,
      REDIS_KEY_PREFIX: `${catalog.alias}:`,
      JWT_SECRET: 'j'.repeat(40),
      CURSOR_SECRET: 'c'.repeat(40),
    };
    const cmd = execForm(runtime.instructions.find((i) => i.keyword === 'CMD')!.args);
    server = spawn(cmd[0], cmd.slice(1), { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      server!.stdout!.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('"msg":"listening"')) resolve();
      });
      server!.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      server!.on('exit', (code) => reject(new Error(`the image's CMD exited ${code}:\n${output}`)));
    });
    base = `http://127.0.0.1:${port}`;
  });

  after(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.on('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
    await small?.drop();
  });

  it('then the build context carries no installed, built, provisioned or test files', () => {
    assert.ok(sent.includes('package-lock.json') && sent.some((f) => f.startsWith('seed/sources/')));
    for (const f of sent)
      assert.doesNotMatch(f, /^(node_modules|dist|\.engines|test-artifacts|bench-results|test|bench|\.git)\//, f);
  });

  it('then the runtime stage holds what runs and nothing from tests, benches or sources', () => {
    assert.ok(existsSync(path.join(folder, 'dist', 'src', 'main.js')));
    for (const absent of ['dist/test', 'dist/bench', 'dist/clients', 'src/config.ts', 'seed/convert', 'test']) {
      assert.equal(existsSync(path.join(folder, absent)), false, `${absent} is not in the image`);
    }
    assert.equal(existsSync(path.join(folder, 'node_modules', 'mocha')), false, 'dev dependencies are pruned');
  });

  it('when started as the image starts, then the health checks of the Dockerfile and compose answer 200', async () => {
    const checks = [
      runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args,
      compose.services.app.healthcheck!.test.join(' '),
    ].map(healthPath);
    assert.deepEqual(checks, ['/healthz', '/readyz']);
    for (const p of checks) assert.equal((await fetch(base + p)).status, 200, p);
  });

  it('when a developer signs up and searches with a real key, then the image answers with real products and serves /docs and /explore', async () => {
    const dev = await newDeveloper(base);
    const key = await dev.key(['search:read']);
    const res = await fetch(`${base}/api/v1/search?q=SUN2000-5KTL&limit=1`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { data: { model: string }[] };
    assert.match(body.data[0].model, /^SUN2000-5KTL/);
    for (const p of [
      '/docs',
      '/docs/assets/docs.js',
      '/docs/assets/docs.css',
      '/docs/assets/swagger-ui-bundle.js',
      '/explore',
      '/explore/assets/explore.mjs',
      '/explore/assets/explore.css',
    ]) {
      assert.equal((await fetch(base + p)).status, 200, p);
    }
  });

  it("when compose's seed command runs in the image, then it reads every source and finds nothing to change; the reindex command rebuilds the index", async () => {
    const [cmd, ...args] = compose.services.seed.command!;
    const seeding = finished(spawn(cmd, args, { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'] }));
    // The reindex command on a catalog of its own (seeded while the seed command waits on MongoDB): the
    // same command and code path, without reading all 43,000 products back out of MongoDB and moving
    // the alias other files are reading (about 60 s).
    small = await openCatalog();
    await small.seed(writeSources());
    const seed = await seeding;
    assert.equal(seed.status, 0, seed.stderr);
    assert.match(seed.stderr, /0 created, 0 changed, \d+ unchanged, 0 new revisions/);
    const own = {
      ...env,
      MONGODB_URI: small.mongoUri,
      ELASTICSEARCH_INDEX: small.alias,
      REDIS_KEY_PREFIX: `${small.alias}:`,
    };
    const reindex = spawnSync(cmd, ['dist/src/cli/reindex.js'], { cwd: folder, env: own, encoding: 'utf8' });
    assert.equal(reindex.status, 0, reindex.stderr);
    assert.match(reindex.stderr, /reindex: \d+ documents into /);
  });

  it("then every variable compose gives the image's services is one the config reads", () => {
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) => s.build)) {
      for (const key of Object.keys(service.environment ?? {}))
        assert.ok(CONFIG_KEYS.includes(key), `${name}: ${key} is not a configuration key`);
      // The script the command runs (after node's own flags, such as the seed's semi-space size).
      const script = service.command?.find((arg) => arg.endsWith('.js'));
      if (service.command)
        assert.ok(script && existsSync(path.join(folder, script)), `${name}: ${script} is in the image`);
    }
  });
});
