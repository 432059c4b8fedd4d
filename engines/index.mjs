// Provisions and starts the three local engines, skipping any whose URL variable already answers.
//
// Every missing engine is installed (downloads and builds run as child processes, side by side) and
// launched as soon as its own install is done, each health wait counting from its own launch. A
// build running meanwhile takes CPU, not the event loop: the waits are generous (Elasticsearch 120 s)
// and add any stall of this process to their deadline (util.mjs).
import { elasticsearch } from './elasticsearch.mjs';
import { ferretdb } from './ferretdb.mjs';
import { redis } from './redis.mjs';
import { log } from './util.mjs';

export const ENGINES = [elasticsearch, ferretdb, redis];

export function urlOf(engine) {
  return process.env[engine.urlVar] || engine.defaultUrl;
}

const seconds = (t0) => ((Date.now() - t0) / 1000).toFixed(1);

/**
 * Brings every engine up; resolves with the engines this call started (the ones to stop later).
 * When any engine fails, every engine this call launched is stopped again before it rejects.
 */
export async function up(engines = ENGINES) {
  const missing = [];
  for (const engine of engines) {
    const url = urlOf(engine);
    if (await engine.answers(url)) log(engine.name, `answers at ${url}; using it`);
    else missing.push(engine);
  }

  // Each engine starts as soon as it is installed: Elasticsearch's start (about 16 s) then runs
  // while FerretDB is still being built on a first run, instead of after it.
  const launched = [];
  const results = await Promise.allSettled(
    missing.map(async (engine) => {
      const t0 = Date.now();
      try {
        await engine.install();
      } catch (err) {
        throw new Error(`${engine.name}: install failed: ${err.message}`, { cause: err });
      }
      log(engine.name, `ready to start (${seconds(t0)} s to install or check)`);
      const url = urlOf(engine);
      const t1 = Date.now();
      launched.push(engine);
      try {
        await engine.start(url);
      } catch (err) {
        throw new Error(`${engine.name}: ${err.message}`, { cause: err });
      }
      log(engine.name, `started at ${url} in ${seconds(t1)} s`);
    }),
  );
  if (results.some((r) => r.status === 'rejected')) {
    // Launched includes an engine whose health wait gave up: its process may still be running.
    await down(launched);
    throwIfAny(results);
  }
  return launched;
}

function throwIfAny(results) {
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) throw new Error(failed.map((r) => r.reason.message).join('\n'));
}

/** Stops the given engines (by default every engine this folder runs). */
export async function down(engines = ENGINES.filter((e) => e.running())) {
  await Promise.all(
    engines.map(async (engine) => {
      await engine.stop();
      log(engine.name, 'stopped');
    }),
  );
}

export async function status() {
  return Promise.all(
    ENGINES.map(async (e) => ({
      engine: e.name,
      url: urlOf(e),
      answers: await e.answers(urlOf(e)),
      ownedHere: e.running(),
    })),
  );
}
