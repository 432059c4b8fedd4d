// FerretDB 1.24.x on its SQLite backend: the MongoDB wire protocol without a MongoDB server binary.
//
// `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2` fails here: go looks up the module's
// deprecation notice through the proxy's version list, which answers 403. A throwaway module with
// `go get` + `go build` avoids that lookup; the proxy's module zip also lacks build/version/version.txt,
// so we vendor the module and write that file before building.
//
// One patch is applied to the vendored source: FerretDB's SQLite backend creates the _id index on
// `_ferretdb_sjson->"_id"` but queries `_ferretdb_sjson->'$._id'`. Both expressions give the same
// value, but SQLite uses an expression index only for the identical expression, so every lookup
// by _id scanned the whole table (findOne by _id: 0.5 s at 3,000 documents and growing). The patch
// makes the query expression the index's own, and the binary is named for it.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CACHE,
  ensureDir,
  runAsync,
  commandExists,
  tcpExchange,
  spawnDetached,
  readPid,
  alive,
  stopPid,
  waitUntil,
  log,
  hostPort,
  isLoopback,
} from './util.mjs';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

const dir = path.join(CACHE, 'ferretdb');
const PATCH_LEVEL = 'pds1';
const bin = path.join(dir, 'bin', `ferretdb-${FERRETDB_VERSION}-${PATCH_LEVEL}`);
const dataDir = path.join(dir, 'data');
const pidFile = path.join(dir, 'ferretdb.pid');

export const ferretdb = {
  name: 'ferretdb',
  urlVar: 'MONGODB_URI',
  defaultUrl: 'mongodb://127.0.0.1:27017/pds',
  logFile: path.join(dir, 'ferretdb.log'),

  async answers(url) {
    const { host, port } = hostPort(url.replace(/^mongodb(\+srv)?:/, 'http:'), 27017);
    const reply = await tcpExchange(host, port, helloMessage());
    return Boolean(reply && reply.length >= 16 && reply.readInt32LE(12) === 2013);
  },

  async install() {
    if (existsSync(bin)) return;
    if (!commandExists('go'))
      throw new Error(
        'FerretDB is built from source with Go 1.21 or newer, and no `go` is on PATH; install Go (https://go.dev/doc/install) and run again',
      );
    const build = ensureDir(path.join(dir, 'build'));
    const env = { ...process.env, GOFLAGS: '-buildvcs=false', GO111MODULE: 'on' };
    log('ferretdb', `building ${MODULE} ${FERRETDB_VERSION} with Go (first run only, about two minutes)`);
    if (!existsSync(path.join(build, 'go.mod')))
      await runAsync('go', ['mod', 'init', 'pds-ferretdb-build'], { cwd: build, env });
    writeFileSync(
      path.join(build, 'tools.go'),
      `//go:build tools\n\npackage tools\n\nimport _ "${MODULE}/cmd/ferretdb"\n`,
    );
    await runAsync('go', ['get', `${MODULE}/cmd/ferretdb@${FERRETDB_VERSION}`], { cwd: build, env });
    await runAsync('go', ['mod', 'vendor'], { cwd: build, env });
    const vendored = path.join(build, 'vendor', 'github.com', 'FerretDB', 'FerretDB');
    writeFileSync(path.join(vendored, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    patchIdColumn(path.join(vendored, 'internal', 'backends', 'sqlite', 'metadata', 'metadata.go'));
    ensureDir(path.dirname(bin));
    // Built under a temporary name: an interrupted build must not leave a binary that looks finished.
    await runAsync('go', ['build', '-mod=vendor', '-o', `${bin}.partial`, `${MODULE}/cmd/ferretdb`], {
      cwd: build,
      env,
    });
    renameSync(`${bin}.partial`, bin);
  },

  async start(url) {
    const { host, port } = hostPort(url.replace(/^mongodb:/, 'http:'), 27017);
    if (!isLoopback(host))
      throw new Error(`MONGODB_URI ${url} does not answer, and only a loopback address can be started locally`);
    ensureDir(dataDir);
    spawnDetached(
      bin,
      [
        '--handler=sqlite',
        // WAL (FerretDB's default) with synchronous=normal: no fsync per commit; a crash of the process
        // loses nothing, a power loss may lose the last transactions.
        `--sqlite-url=file:${dataDir}/?_pragma=synchronous(normal)`,
        `--state-dir=${dataDir}`,
        `--listen-addr=${host}:${port}`,
        '--debug-addr=127.0.0.1:0',
        '--telemetry=disable',
        '--log-level=WARN',
        '--log-format=json',
      ],
      { logFile: this.logFile, pidFile },
    );
    const healthy = await waitUntil(() => this.answers(url), 30000);
    if (!healthy) throw new Error(`FerretDB did not answer within 30 s; read ${this.logFile}`);
  },

  running() {
    const pid = readPid(pidFile);
    return pid !== null && alive(pid);
  },

  async stop() {
    await stopPid(pidFile);
  },
};

function patchIdColumn(file) {
  const before = `IDColumn = DefaultColumn + "->'$._id'"`;
  const after = 'IDColumn = DefaultColumn + `->"_id"`';
  const source = readFileSync(file, 'utf8');
  if (!source.includes(before)) throw new Error(`cannot apply the _id index patch: ${file} changed`);
  writeFileSync(file, source.replace(before, after));
}

/** A minimal OP_MSG `hello` (BSON {hello: 1, $db: "admin"}), enough to tell a MongoDB-protocol server answers. */
function helloMessage() {
  const cstring = (s) => Buffer.concat([Buffer.from(s, 'utf8'), Buffer.from([0])]);
  const int32 = (n) => {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    return b;
  };
  const db = cstring('admin');
  const elements = Buffer.concat([
    Buffer.from([0x10]),
    cstring('hello'),
    int32(1),
    Buffer.from([0x02]),
    cstring('$db'),
    int32(db.length),
    db,
  ]);
  const doc = Buffer.concat([int32(elements.length + 5), elements, Buffer.from([0])]);
  const body = Buffer.concat([int32(0), Buffer.from([0]), doc]);
  return Buffer.concat([int32(16 + body.length), int32(1), int32(0), int32(2013), body]);
}
