import assert from 'node:assert/strict';
import { parseQueryString } from '../../../src/http/query-string';
import { AppError } from '../../../src/errors/app-error';
import { MAX_QUERY_PAIRS, MAX_QUERY_REPEATS } from '../../../src/contract/openapi';

const refused = (qs: string) =>
  assert.throws(
    () => parseQueryString(qs),
    (err: unknown) => err instanceof AppError && err.code === 'QUERY_TOO_COMPLEX' && err.status === 414,
  );

describe('query string parsing', () => {
  it('when names repeat, then their values come in order as a list, and a single value as a string', () => {
    const q = parseQueryString('category=pv-module&q=trina+vertex&category=inverter&limit=5');
    assert.deepEqual({ ...q }, { category: ['pv-module', 'inverter'], q: 'trina vertex', limit: '5' });
  });

  it('when pairs are escaped, empty or malformed, then they read as URLSearchParams reads them', () => {
    for (const qs of ['a=%20b%2Bc', 'a=&&b', 'a', 'a=1=2', 'x=%E2%82%AC', 'x=%ZZ%', '=v', 'a=1&a=&a=3']) {
      const ours = { ...parseQueryString(qs) };
      const theirs: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(qs)) {
        const had = theirs[k];
        theirs[k] = had === undefined ? v : ([] as string[]).concat(had, v);
      }
      assert.deepEqual(ours, theirs, qs);
    }
  });

  it('when a name is a property of Object.prototype, then it is a parameter like any other', () => {
    const q = parseQueryString('__proto__=x&constructor=y&toString=z');
    assert.equal(Object.getPrototypeOf(q), null);
    assert.deepEqual(Object.keys(q), ['__proto__', 'constructor', 'toString']);
    assert.equal(q.constructor, 'y');
  });

  it('when a name repeats past the bound, or the pairs pass theirs, then it is refused as too complex', () => {
    assert.doesNotThrow(() => parseQueryString('a=&'.repeat(MAX_QUERY_REPEATS)));
    refused('a=&'.repeat(MAX_QUERY_REPEATS + 1));
    const distinct = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');
    assert.doesNotThrow(() => parseQueryString(distinct(MAX_QUERY_PAIRS)));
    refused(distinct(MAX_QUERY_PAIRS + 1));
  });

  it('when 40,000 pairs share one name, then the refusal costs what the bound does, not what the string does', () => {
    const huge = 'a=&'.repeat(40_000);
    const t0 = process.hrtime.bigint();
    refused(huge);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    // Not a timing assertion of the service: a sanity bound one thousand times above what it takes.
    assert.ok(ms < 200, `${ms} ms`);
  });
});
