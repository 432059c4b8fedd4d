// The rate-limit gate without a shared store (src/limits/rate-limit.ts): a fixed window per key and per
// account in this process, run on a plain call (http/call.ts) as a tool call runs it: no Koa context.
import assert from 'node:assert/strict';
import { rateLimit } from '../../../src/limits/rate-limit';
import { AppError } from '../../../src/errors/app-error';
import { createLogger } from '../../../src/shared/logger';

/** The fields of a call the gate reads and writes: the key the key gate found, and the answer's headers. */
const callOf = (id: string, accountId: string) => {
  const headers: Record<string, string> = {};
  return {
    state: { apiKey: { id, accountId } },
    headers,
    set: (fields: Record<string, string>) => Object.assign(headers, fields),
  };
};

describe('rate limit in one process, on a call', () => {
  const limits = rateLimit({ max: 2, accountMax: 3, windowMs: 60_000, logger: createLogger('silent') });
  after(() => limits.close());

  it('when a key makes more calls than its limit, then the next is a 429 with whole-second reset, and the account counted it too', async () => {
    let passed = 0;
    const next = async () => void passed++;
    const first = callOf('k1', 'acc');
    await limits.gate(first, next);
    assert.equal(first.headers['X-RateLimit-Remaining'], '1');
    const reset = Number(first.headers['X-RateLimit-Reset']);
    assert.ok(Number.isInteger(reset) && reset * 1000 > Date.now(), `reset ${reset} is a whole Unix second ahead`);
    await limits.gate(callOf('k1', 'acc'), next);
    const refused = await limits.gate(callOf('k1', 'acc'), next).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(refused instanceof AppError && refused.status === 429, String(refused));
    assert.equal(refused.headers['Retry-After'] !== undefined, true);
    assert.equal(passed, 2);
    // The refused call still counted for the account (3 of 3): another key of it is refused now.
    const other = await limits.gate(callOf('k2', 'acc'), next).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(other instanceof AppError && other.status === 429, 'the account is out too');
    assert.equal(passed, 2);
  });
});
