// Pagination cursors: opaque base64url of a versioned payload, signed with HMAC-SHA256 and bound to
// the query that made them. A tampered cursor, one from another query, or one of another version is
// a 400 naming the `cursor` parameter.
import { createHmac } from 'node:crypto';
import { equalInConstantTime } from './constant-time';
import { AppError } from '../errors/app-error';
import { invalidCursor } from '../errors/catalog';

export type SortValue = string | number | null;

interface Payload {
  v: 1;
  /** Hash of the query (operation, q, filters, sort) the cursor belongs to. */
  q: string;
  /** search_after values of the last item returned. */
  a: SortValue[];
}

const invalid = (why: string) => new AppError(invalidCursor(why));

function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function encodeCursor(queryHash: string, after: SortValue[], secret: string): string {
  const body = Buffer.from(JSON.stringify({ v: 1, q: queryHash, a: after } satisfies Payload)).toString('base64url');
  return `${body}.${sign(body, secret)}`;
}

export function decodeCursor(token: string, queryHash: string, secret: string): SortValue[] {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) throw invalid('is not a cursor this API issued');
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(mac);
  if (!equalInConstantTime(expected, given)) throw invalid('has been altered or was not issued by this API');
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor this API issued');
  }
  if (
    payload.v !== 1 ||
    typeof payload.q !== 'string' ||
    !Array.isArray(payload.a) ||
    !payload.a.every((x) => x === null || ['string', 'number'].includes(typeof x))
  ) {
    throw invalid('has an unknown format');
  }
  if (payload.q !== queryHash)
    throw invalid('belongs to another query: keep q, filters and sort as they were when it was issued');
  return payload.a;
}
