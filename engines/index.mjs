// Provisions and starts the three local engines, skipping any whose URL variable already answers.
import { elasticsearch } from './elasticsearch.mjs';
import { ferretdb } from './ferretdb.mjs';
import { redis } from './redis.mjs';
import { log } from './util.mjs';

export const ENGINES = [elasticsearch, ferretdb, redis];

export function urlOf(engine) {
  return process.env[engine.urlVar] || engine.defaultUrl;
}

/** Brings every engine up; resolves with the engines this call started (the ones to stop later). */
export async function up(engines = ENGINES) {
  const started = [];
  const pending = [];
  for (const engine of engines) {
    const url = urlOf(engine);
    if (await engine.answers(url)) {
      log(engine.name, `answers at ${url}; using it`);
      continue;
    }
    const t0 = Date.now();
    try {
      engine.install();
    } catch (err) {
      throw new Error(`${engine.name}: install failed: ${err.message}`);
    }
    log(engine.name, `ready to start (${((Date.now() - t0) / 1000).toFixed(1)} s to install or check)`);
    pending.push(
      (async () => {
        const t1 = Date.now();
        try {
          await engine.start(url);
        } catch (err) {
          throw new Error(`${engine.name}: ${err.message}`);
        }
        started.push(engine);
        log(engine.name, `started at ${url} in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
      })(),
    );
  }
  const results = await Promise.allSettled(pending);
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) {
    await down(started);
    throw new Error(failed.map((r) => r.reason.message).join('\n'));
  }
  return started;
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
  return Promise.all(ENGINES.map(async (e) => ({ engine: e.name, url: urlOf(e), answers: await e.answers(urlOf(e)), ownedHere: e.running() })));
}
