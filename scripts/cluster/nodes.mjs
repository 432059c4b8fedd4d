// Local Elasticsearch nodes of the cached distribution, joined as a cluster of their own for
// scripts/rehearse-cluster.mjs: each with its own config copy, data and logs under one temporary
// folder, private HTTP and transport ports, and a cluster name no other node shares.
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ES_HOME, findJava, launchNode } from '../../engines/elasticsearch.mjs';
import { alive, httpGet, readPid, sleep, waitUntil } from '../../engines/util.mjs';

const STOP_TIMEOUT_MS = 30000;

export class LocalNode {
  /** `peers`: every node of the cluster (transport ports and names), this one included. */
  constructor(root, { name, httpPort, transportPort, peers, clusterName, heap }) {
    Object.assign(this, { name, httpPort, transportPort, peers, clusterName, heap });
    this.dir = path.join(root, name);
    this.pidFile = path.join(this.dir, 'node.pid');
  }

  get url() {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  get logFile() {
    return path.join(this.dir, 'logs', `${this.clusterName}.log`);
  }

  /** Starts the node (its data survives a restart, as a real node's disk would); resolves once it answers HTTP. */
  async start() {
    if (this.closed) throw new Error(`${this.name} is closed: the rehearsal is cleaning up`);
    const conf = path.join(this.dir, 'config');
    // A config folder of its own: the launcher writes a keystore there, and the shared node's stays untouched.
    cpSync(path.join(ES_HOME, 'config'), conf, { recursive: true, force: false, errorOnExist: false });
    for (const sub of ['data', 'logs']) mkdirSync(path.join(this.dir, sub), { recursive: true });
    const settings = [
      `cluster.name=${this.clusterName}`,
      `node.name=${this.name}`,
      'network.host=127.0.0.1',
      `http.port=${this.httpPort}`,
      `transport.port=${this.transportPort}`,
      `discovery.seed_hosts=${this.peers.map((p) => `127.0.0.1:${p.transportPort}`).join(',')}`,
      `cluster.initial_master_nodes=${this.peers.map((p) => p.name).join(',')}`,
      `path.data=${path.join(this.dir, 'data')}`,
      `path.logs=${path.join(this.dir, 'logs')}`,
      'xpack.security.enabled=false',
      'cluster.routing.allocation.disk.threshold_enabled=false',
      'action.destructive_requires_name=false',
    ].flatMap((s) => ['-E', s]);
    const env = {
      ES_JAVA_HOME: findJava(),
      ES_JAVA_OPTS: `-Xms${this.heap} -Xmx${this.heap}`,
      ES_PATH_CONF: conf,
    };
    this.launching = launchNode(['-d', '-p', this.pidFile, ...settings], env, this.dir);
    await this.launching;
    if (!(await waitUntil(async () => (await httpGet(this.url)) !== null, 120000)))
      throw new Error(`${this.name} did not answer within 120 s of its launch; read ${this.logFile}`);
  }

  /** Stops the node for good: a start() still under way or asked for later does not bring it back. */
  async close() {
    this.closed = true;
    await this.launching?.catch(() => undefined); // its pid is written by the time the launcher returns
    await this.stop('SIGTERM');
  }

  get pid() {
    return readPid(this.pidFile);
  }

  running() {
    const pid = this.pid;
    return pid !== null && alive(pid);
  }

  /** Sends `signal`; resolves when the process is gone (SIGKILL after 30 s), with how long that took. */
  async stop(signal = 'SIGTERM') {
    const pid = this.pid;
    const t0 = Date.now();
    if (pid === null || !alive(pid)) return 0;
    process.kill(pid, signal);
    while (alive(pid) && Date.now() - t0 < STOP_TIMEOUT_MS) await sleep(50);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    while (alive(pid)) await sleep(50);
    return Date.now() - t0;
  }
}

/** GET `path` on `url` as JSON, or null when the node does not answer 200 within `timeoutMs`. */
export async function getJson(url, pathAndQuery, timeoutMs = 2000) {
  const res = await httpGet(`${url}${pathAndQuery}`, timeoutMs);
  if (!res || res.status !== 200) return null;
  return JSON.parse(res.body);
}

/** Waits until `url` reports `nodes` nodes and one of `statuses`; resolves with the milliseconds it took. */
export async function waitForCluster(url, nodes, statuses = ['green'], timeoutMs = 180000) {
  const t0 = Date.now();
  const formed = await waitUntil(async () => {
    const health = await getJson(url, `/_cluster/health?wait_for_nodes=${nodes}&timeout=1s`, 3000);
    return health !== null && health.number_of_nodes === nodes && statuses.includes(health.status);
  }, timeoutMs);
  if (!formed) throw new Error(`no ${statuses.join('/')} cluster of ${nodes} nodes at ${url} after ${timeoutMs} ms`);
  return Date.now() - t0;
}

/**
 * Who leads, as `url` sees it: the elected master's name (null when there is none) and the names in
 * the last committed voting configuration (the nodes whose votes make a quorum).
 */
export async function leadership(url) {
  const nodes = await getJson(url, '/_cat/nodes?format=json&full_id=true&h=id,name,master', 3000);
  const state = await getJson(url, '/_cluster/state/metadata?filter_path=metadata.cluster_coordination', 3000);
  if (!nodes) return { master: null, voting: [] };
  const nameOf = new Map(nodes.map((n) => [n.id, n.name]));
  const ids = state?.metadata?.cluster_coordination?.last_committed_config ?? [];
  return { master: nodes.find((n) => n.master === '*')?.name ?? null, voting: ids.map((id) => nameOf.get(id) ?? id) };
}

/** Each index's shard copies as `url` sees them now: primaries, replicas and the nodes they sit on. */
export async function shardLayouts(url) {
  const shards = (await getJson(url, '/_cat/shards?format=json&h=index,prirep,node', 3000)) ?? [];
  const layouts = new Map();
  for (const { index, prirep, node } of shards) {
    const layout = layouts.get(index) ?? { primaries: 0, replicas: 0, nodes: new Set() };
    layout[prirep === 'p' ? 'primaries' : 'replicas'] += 1;
    if (node) layout.nodes.add(node);
    layouts.set(index, layout);
  }
  return layouts;
}
