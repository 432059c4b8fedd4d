// The batch lookup's body limit holds the largest batch the document allows.
import assert from 'node:assert/strict';
import { OPENAPI } from '../../../src/contract/openapi';
import { OPERATIONS } from '../../../src/contract/operations';
import {
  BATCH_BODY_LIMIT,
  BATCH_ENTRY_MAX_LENGTH,
  BATCH_FIELD_VALUES,
  BATCH_MAX,
} from '../../../src/contract/batch-vocabulary';

describe('contract: batch lookup', () => {
  it('when every entry is at its longest in 4-byte characters and every field is asked for, then the body fits the limit the operation declares', () => {
    const entry = (i: number) => String(i).padStart(3, '0') + '\u{1F600}'.repeat(BATCH_ENTRY_MAX_LENGTH - 3);
    const body = JSON.stringify({
      ids: Array.from({ length: BATCH_MAX }, (_, i) => entry(i)),
      fields: BATCH_FIELD_VALUES,
      as_of: '2026-01-01T00:00:00.123456789+00:00',
    });
    const op = OPERATIONS.get('getProducts')!;
    // The body is valid: the worst case is one the document allows.
    op.validate({ query: {}, params: {}, body: JSON.parse(body) });
    assert.ok(Buffer.byteLength(body) <= BATCH_BODY_LIMIT, `${Buffer.byteLength(body)} bytes`);
    assert.equal(op.bodyLimit, BATCH_BODY_LIMIT);
    const doc = (OPENAPI.paths as any)['/api/v1/batch/products'].post;
    assert.equal(doc['x-body-limit-bytes'], BATCH_BODY_LIMIT);
  });
});
