// Pagination cursors (src/shared/cursor.ts): a client may only hand back a cursor this API issued,
// unchanged, with the query it was issued for; anything else is a 400 naming the `cursor` parameter.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { decodeCursor, encodeCursor, type SortValue } from '../../../src/shared/cursor';
import { AppError } from '../../../src/errors/app-error';

const SECRET = 'cursor-test-secret';
const QUERY = 'hash-of-q=trina&category=pv-module&sort=model';
const AFTER: SortValue[] = ['Vertex S+ TSM-NEG9R.28', 430, null, 'trina-tsm-neg9r-28'];

/** Asserts `decode` is refused as an invalid cursor whose reason matches `why`. */
function refused(decode: () => unknown, why: RegExp): void {
  assert.throws(decode, (err: unknown) => {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, 'INVALID_CURSOR');
    assert.equal(err.status, 400);
    assert.deepEqual(
      err.errors?.map((e) => [e.in, e.name]),
      [['query', 'cursor']],
    );
    assert.match(err.detail, why);
    return true;
  });
}

/** The cursor's two base64url parts. */
const parts = (cursor: string) => cursor.split('.') as [string, string];

describe('shared: pagination cursors', () => {
  it('when a cursor comes back unchanged with its query, then it gives the sort values it was made from', () => {
    const cursor = encodeCursor(QUERY, AFTER, SECRET);
    assert.match(cursor, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'opaque base64url, safe in a URL as is');
    assert.deepEqual(decodeCursor(cursor, QUERY, SECRET), AFTER);
  });

  it('when any character of the payload or the signature is changed, then the cursor is refused', () => {
    const cursor = encodeCursor(QUERY, AFTER, SECRET);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (let i = 0; i < cursor.length; i++) {
      if (cursor[i] === '.') continue;
      const tampered = cursor.slice(0, i) + flip(cursor[i]) + cursor.slice(i + 1);
      refused(() => decodeCursor(tampered, QUERY, SECRET), /altered|not a cursor/);
    }
    // A payload of the client's choosing, however well-formed, carries no signature this API made.
    const [, mac] = parts(cursor);
    const forged = Buffer.from(JSON.stringify({ v: 1, q: QUERY, a: ['zzz'] })).toString('base64url');
    refused(() => decodeCursor(`${forged}.${mac}`, QUERY, SECRET), /has been altered or was not issued by this API/);
  });

  it('when a cursor was signed with another secret, then it is refused as not issued by this API', () => {
    const elsewhere = encodeCursor(QUERY, AFTER, 'another-deployment');
    refused(() => decodeCursor(elsewhere, QUERY, SECRET), /has been altered or was not issued by this API/);
  });

  it('when a cursor comes back with another query, then it is refused and the client is told to keep the query', () => {
    const cursor = encodeCursor(QUERY, AFTER, SECRET);
    refused(
      () => decodeCursor(cursor, 'hash-of-q=trina&category=inverter&sort=model', SECRET),
      /belongs to another query: keep q, filters and sort/,
    );
  });

  it('when the text is not two parts, then it is refused as not a cursor', () => {
    const cursor = encodeCursor(QUERY, AFTER, SECRET);
    for (const text of ['', 'abc', '.', `${cursor}.x`, `.${parts(cursor)[1]}`, `${parts(cursor)[0]}.`])
      refused(() => decodeCursor(text, QUERY, SECRET), /is not a cursor this API issued/);
  });

  it('when a signed payload is of another version or shape, then it is refused as an unknown format', () => {
    // What a cursor of a later version, signed with this secret, would look like.
    const signed = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
    };
    for (const payload of [
      { v: 2, q: QUERY, a: AFTER },
      { v: 1, q: QUERY },
      { v: 1, q: QUERY, a: [{ nested: true }] },
      { v: 1, a: AFTER },
    ])
      refused(() => decodeCursor(signed(payload), QUERY, SECRET), /has an unknown format/);
    assert.deepEqual(decodeCursor(signed({ v: 1, q: QUERY, a: AFTER }), QUERY, SECRET), AFTER);
  });
});
