// Polls a condition another process brings about (an engine, another instance's timer) until it
// holds, with a deadline: what a test would otherwise guess with a fixed sleep.
import { setTimeout as delay } from 'node:timers/promises';

export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, pollMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(pollMs);
  }
}
