// Elasticsearch: the official integration-test distribution from Maven Central, run on a local JDK
// as an unprivileged user (Elasticsearch refuses to run as root).
import { existsSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  CACHE,
  ensureDir,
  run,
  runAsync,
  commandExists,
  httpGet,
  readPid,
  alive,
  stopPid,
  waitUntil,
  log,
  hostPort,
  isLoopback,
  aptInstall,
} from './util.mjs';

export const ES_VERSION = '9.3.2';
const MIN_JAVA = 21; // Elasticsearch 9.x runs on Java 21 or newer.
const ARTIFACT = `org.elasticsearch.distribution.integ-test-zip:elasticsearch:${ES_VERSION}:zip`;
const ES_USER = 'pds-elasticsearch';
// Measured: 10-15 s on an idle 2-core machine, up to a minute while the same cores build FerretDB.
const START_TIMEOUT_MS = 120000;

const dir = path.join(CACHE, 'elasticsearch');
/** The unpacked distribution; scripts/rehearse-cluster.mjs runs more nodes of it. */
export const ES_HOME = path.join(dir, `elasticsearch-${ES_VERSION}`);
const home = ES_HOME;
const dataDir = path.join(dir, 'data');
const logsDir = path.join(dir, 'logs');
const pidFile = path.join(dir, 'elasticsearch.pid');

export const elasticsearch = {
  name: 'elasticsearch',
  urlVar: 'ELASTICSEARCH_URL',
  defaultUrl: 'http://127.0.0.1:9200',
  logFile: path.join(logsDir, 'elasticsearch.log'),

  async answers(url) {
    const res = await httpGet(new URL('/_cluster/health', url).toString());
    return Boolean(res && res.status === 200 && res.headers['x-elastic-product'] === 'Elasticsearch');
  },

  async install() {
    // Checked first: a machine without a usable JDK learns it before minutes of downloads.
    findJava();
    if (existsSync(path.join(home, 'bin', 'elasticsearch'))) return;
    const downloads = ensureDir(path.join(dir, 'downloads'));
    const zip = path.join(downloads, `elasticsearch-${ES_VERSION}.zip`);
    if (!existsSync(zip)) {
      if (!commandExists('mvn')) await aptInstall('maven');
      log('elasticsearch', `fetching ${ARTIFACT} with Maven (first run only)`);
      // Into a temporary name first: a download cut short must not pass for the zip next time.
      const partial = ensureDir(path.join(downloads, 'partial'));
      await runAsync('mvn', ['-q', '-B', 'dependency:copy', `-Dartifact=${ARTIFACT}`, `-DoutputDirectory=${partial}`]);
      renameSync(path.join(partial, `elasticsearch-${ES_VERSION}.zip`), zip);
    }
    if (!commandExists('unzip')) await aptInstall('unzip');
    await runAsync('unzip', ['-q', '-o', zip, '-d', dir]);
  },

  async start(url) {
    const { host, port } = hostPort(url, 9200);
    if (!isLoopback(host))
      throw new Error(`ELASTICSEARCH_URL ${url} does not answer, and only a loopback address can be started locally`);
    const javaHome = findJava();
    ensureDir(dataDir);
    ensureDir(logsDir);
    const settings = [
      'discovery.type=single-node',
      `network.host=${host}`,
      `http.port=${port}`,
      `transport.port=${port + 100}`,
      `path.data=${dataDir}`,
      `path.logs=${logsDir}`,
      'xpack.security.enabled=false',
      // A developer machine may run low on disk; the watermark would turn indices read-only mid-test.
      'cluster.routing.allocation.disk.threshold_enabled=false',
      'action.destructive_requires_name=false',
    ].flatMap((s) => ['-E', s]);
    const env = {
      ES_JAVA_HOME: javaHome,
      ES_JAVA_OPTS: `-Xms${heap()} -Xmx${heap()}`,
      ES_PATH_CONF: path.join(home, 'config'),
    };
    await launchNode(['-d', '-p', pidFile, ...settings], env, dir);
    const healthy = await waitUntil(() => this.answers(url), START_TIMEOUT_MS);
    if (!healthy)
      throw new Error(
        `Elasticsearch did not become healthy within ${START_TIMEOUT_MS / 1000} s of its launch; read ${this.logFile}`,
      );
  },

  running() {
    const pid = readPid(pidFile);
    return pid !== null && alive(pid);
  },

  async stop() {
    await stopPid(pidFile, 30000);
  },
};

/**
 * Runs the distribution's launcher with `args` and `env`: as the unprivileged user when we are root
 * (Elasticsearch refuses to run as root), which is then given `folder`, where the node writes.
 */
export async function launchNode(args, env, folder) {
  const launcher = path.join(home, 'bin', 'elasticsearch');
  if (process.getuid && process.getuid() === 0) {
    ensureUser();
    run('chown', ['-R', `${ES_USER}:${ES_USER}`, folder]);
    assertReachable(folder);
    const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    await runAsync('runuser', ['-u', ES_USER, '--', 'env', ...envArgs, launcher, ...args], { cwd: home });
  } else {
    await runAsync(launcher, args, { cwd: home, env: { ...process.env, ...env } });
  }
}

function heap() {
  // 1 GiB leaves room on a 2-core, shared machine for the app, FerretDB and the tests.
  return process.env.ES_HEAP ?? '1g';
}

function javaMajor(javaBin) {
  const res = spawnSync(javaBin, ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${res.stderr}${res.stdout}`);
  if (!m) return 0;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

/** Finds a JDK new enough for this Elasticsearch: ES_JAVA_HOME, JAVA_HOME, then /usr/lib/jvm/*, newest first. */
export function findJava() {
  const candidates = [process.env.ES_JAVA_HOME, process.env.JAVA_HOME].filter(Boolean);
  if (existsSync('/usr/lib/jvm')) {
    for (const d of readdirSync('/usr/lib/jvm').sort().reverse()) candidates.push(path.join('/usr/lib/jvm', d));
  }
  const found = candidates
    .filter((h) => existsSync(path.join(h, 'bin', 'java')))
    .map((h) => ({ h, major: javaMajor(path.join(h, 'bin', 'java')) }))
    .sort((a, b) => b.major - a.major)[0];
  if (!found || found.major < MIN_JAVA) {
    throw new Error(
      `Elasticsearch ${ES_VERSION} needs Java ${MIN_JAVA}+; looked in ES_JAVA_HOME, JAVA_HOME and /usr/lib/jvm/* and found ${found ? `at best Java ${found.major} at ${found.h}` : 'no JDK'}. ` +
        'Install a JDK 21 or newer (for example `apt-get install openjdk-21-jdk-headless` where Debian offers it) or point ES_JAVA_HOME at one.',
    );
  }
  return found.h;
}

function ensureUser() {
  if (spawnSync('id', ['-u', ES_USER]).status === 0) return;
  run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', ES_USER]);
}

/** The unprivileged user must be able to reach the cache folder through every parent directory. */
function assertReachable(folder) {
  const res = spawnSync('runuser', ['-u', ES_USER, '--', 'test', '-w', folder]);
  if (res.status !== 0) {
    throw new Error(
      `user ${ES_USER} cannot reach ${folder}; set ENGINES_DIR to a folder outside private directories (e.g. /var/tmp/pds-engines)`,
    );
  }
}
