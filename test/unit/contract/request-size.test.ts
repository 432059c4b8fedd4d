// Every request the OpenAPI document allows must reach the routes: the HTTP server refuses a request
// line plus headers over MAX_HEADER_BYTES with 431 before any validation, so a limit in the document
// that the server cannot carry would be a promise broken (schemathesis found one: a long cursor).
// Worst case per operation: every parameter at its longest, percent-encoded.
import assert from 'node:assert/strict';
import { OPENAPI, MAX_HEADER_BYTES, MAX_QUERY_PAIRS, MAX_QUERY_REPEATS } from '../../../src/contract/openapi';

interface Schema {
  type?: string;
  enum?: unknown[];
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  maximum?: number;
  items?: Schema;
}
interface Parameter {
  name: string;
  in: string;
  explode?: boolean;
  schema: Schema;
}

/** Room left for the method, HTTP version and ordinary headers (Authorization, Host, Accept...). */
const HEADER_ROOM = 8 * 1024;
const encoded = (s: string) => encodeURIComponent(s).length;

/** True when the pattern admits printable ASCII only (no `.`, negated class or \\D \\S \\W). */
const asciiOnly = (pattern: string) => /^[\x20-\x7e]*$/.test(pattern) && !/\\[DSW]|\[\^|(?<!\\)\./.test(pattern);

/** Percent-encoded, a character is at most 3 bytes if a pattern keeps it ASCII, else up to 12 (4 UTF-8 bytes). */
function longest(schema: Schema): number {
  if (schema.enum) return Math.max(...schema.enum.map((v) => encoded(String(v))));
  if (schema.type === 'integer' || schema.type === 'number') return 24;
  if (schema.type === 'boolean') return 'false'.length;
  assert.ok(schema.maxLength !== undefined, `a string parameter without maxLength: ${JSON.stringify(schema)}`);
  return schema.maxLength * (schema.pattern && asciiOnly(schema.pattern) ? 3 : 12);
}

function worstRequestLine(path: string, parameters: Parameter[]): number {
  let bytes = encoded(path);
  for (const p of parameters) {
    if (p.in === 'path') {
      bytes += longest(p.schema);
      continue;
    }
    const name = encoded(p.name) + 2; // "&name="
    if (p.schema.type !== 'array') bytes += name + longest(p.schema);
    else {
      assert.ok(p.schema.maxItems !== undefined, `${p.name}: an array parameter without maxItems`);
      const item = longest(p.schema.items!);
      bytes += p.explode === false ? name + p.schema.maxItems * (item + 3) : p.schema.maxItems * (name + item);
    }
  }
  return bytes;
}

describe('contract: request size', () => {
  const operations = Object.entries(OPENAPI.paths).flatMap(([path, item]) =>
    Object.values(item as Record<string, { operationId: string; parameters?: Parameter[] }>).map((op) => ({
      path,
      op,
    })),
  );

  it('when any operation is called with every parameter at its longest, then the request fits the server header limit', () => {
    assert.ok(operations.length >= 15);
    for (const { path, op } of operations) {
      const worst = worstRequestLine(path, op.parameters ?? []);
      assert.ok(
        worst + HEADER_ROOM <= MAX_HEADER_BYTES,
        `${op.operationId}: up to ${worst} bytes of request line, over ${MAX_HEADER_BYTES - HEADER_ROOM}`,
      );
    }
  });

  it('when the collections are measured, then the range parameters are all there (the bound is not met by leaving them out)', () => {
    const list = operations.find(({ op }) => op.operationId === 'listProducts')!.op;
    const ranges = (list.parameters ?? []).filter((p) => /^specs\.\w+\[(gte|gt|lte|lt)\]$/.test(p.name));
    assert.ok(ranges.length >= 4 * 40, `${ranges.length} range parameters`);
    assert.ok(
      worstRequestLine('/api/v1/products', list.parameters ?? []) > 32 * 1024,
      "the worst case is far above Node's default 16 KiB",
    );
  });

  it('when any operation is called with every query parameter, each list at its maxItems, then the query string bounds admit it', () => {
    for (const { op } of operations) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const repeated = (p: Parameter) => (p.schema.type === 'array' && p.explode !== false ? p.schema.maxItems! : 1);
      const pairs = query.reduce((sum, p) => sum + repeated(p), 0);
      assert.ok(pairs <= MAX_QUERY_PAIRS, `${op.operationId}: ${pairs} pairs, over ${MAX_QUERY_PAIRS}`);
      for (const p of query) assert.ok(repeated(p) <= MAX_QUERY_REPEATS, `${op.operationId}: ${p.name} repeats`);
    }
  });
});
