// engines/index.mjs and util.mjs with fake engines: the order of installs and starts, cleanup after
// a failed start, and health waits that survive a stalled event loop. No network, no processes.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface FakeEngine {
  name: string;
  urlVar: string;
  defaultUrl: string;
  answers(url: string): Promise<boolean>;
  install(): Promise<void> | void;
  start(url: string): Promise<void>;
  running(): boolean;
  stop(): Promise<void>;
}
type WaitUntil = (
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  options?: { pollMs?: number; stallMs?: number },
) => Promise<boolean>;

const root = path.resolve(__dirname, '../../../..');
const load = async () => {
  const engines = (await import(pathToFileURL(path.join(root, 'engines/index.mjs')).href)) as {
    up(e: FakeEngine[]): Promise<FakeEngine[]>;
  };
  const util = (await import(pathToFileURL(path.join(root, 'engines/util.mjs')).href)) as { waitUntil: WaitUntil };
  return { up: (e: FakeEngine[]) => engines.up(e), waitUntil: util.waitUntil };
};

/** Blocks the event loop, as a synchronous build step did. */
const block = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

function fake(name: string, parts: Partial<FakeEngine> = {}): FakeEngine & { stopped: number } {
  const engine = {
    name,
    urlVar: `FAKE_${name.toUpperCase()}_URL`,
    defaultUrl: `fake://${name}`,
    stopped: 0,
    answers: async () => false,
    install: async () => undefined,
    start: async () => undefined,
    running: () => false,
    async stop() {
      engine.stopped += 1;
    },
    ...parts,
  };
  return engine;
}

describe('engines: provisioning', () => {
  const silence = process.stderr.write.bind(process.stderr);
  beforeEach(() => {
    process.stderr.write = () => true;
  });
  afterEach(() => {
    process.stderr.write = silence;
  });

  it('when one engine takes longer to install than another, then the other starts without waiting for it', async () => {
    const { up } = await load();
    const order: string[] = [];
    let finishInstall = () => undefined as void;
    const fast = fake('fast', {
      async start() {
        order.push('fast started');
        finishInstall();
      },
    });
    const slow = fake('slow', {
      install: () =>
        new Promise<void>((resolve) => {
          finishInstall = () => {
            order.push('slow installed');
            resolve();
          };
        }),
    });
    const started = await up([slow, fast]);
    assert.deepEqual(order, ['fast started', 'slow installed']);
    assert.deepEqual(started.map((e) => e.name).sort(), ['fast', 'slow']);
  });

  it('when an engine fails to start, then every engine the call launched is stopped, the failed one included', async () => {
    const { up } = await load();
    const good = fake('good');
    const bad = fake('bad', {
      async start() {
        throw new Error('did not become healthy');
      },
    });
    const already = fake('already', { answers: async () => true });
    await assert.rejects(up([good, bad, already]), /bad: did not become healthy/);
    assert.equal(good.stopped, 1);
    assert.equal(bad.stopped, 1, 'a launched process whose wait gave up may still run');
    assert.equal(already.stopped, 0, 'an engine that was running before is not ours to stop');
  });

  it('when an install fails, then the engines this call launched meanwhile are stopped again', async () => {
    const { up } = await load();
    const other = fake('other');
    const broken = fake('broken', {
      async install() {
        throw new Error('no go on PATH');
      },
    });
    await assert.rejects(up([other, broken]), /broken: install failed: no go on PATH/);
    assert.equal(other.stopped, 1);
    assert.equal(broken.stopped, 0, 'an engine that never launched has nothing to stop');
  });

  it('when the deadline passes between two looks, then one last look decides', async () => {
    const { waitUntil } = await load();
    let calls = 0;
    assert.equal(await waitUntil(() => ++calls >= 2, 20, { pollMs: 50 }), true);
  });

  it('when the event loop stalls longer than the timeout, then the stall does not count against the engine', async () => {
    const { waitUntil } = await load();
    let calls = 0;
    setTimeout(() => block(400), 5);
    // Answers on the third look: without the stall added to the deadline the wait would end after the second.
    assert.equal(await waitUntil(() => ++calls >= 3, 200, { pollMs: 50, stallMs: 100 }), true);
    assert.equal(calls, 3);
  });
});
