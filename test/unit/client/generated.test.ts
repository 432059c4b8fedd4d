// The typed client cannot drift from the contract: its types are generated from the OpenAPI
// document, the API tests compile against them, and this test fails when the committed file is
// not what the document generates now (fix: `npm run client`).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generate, GENERATED_FILE, typeOf } from '../../../clients/typescript/generate';
import { OPERATIONS as CLIENT_OPERATIONS } from '../../../src/contract/operations.generated';
import { OPERATIONS } from '../../../src/contract/operations';

describe('typed client', () => {
  it('then src/contract/operations.generated.ts is exactly what the served OpenAPI document generates (else: npm run client)', () => {
    assert.equal(readFileSync(GENERATED_FILE, 'utf8'), generate());
  });

  it('then the client knows every operation the service mounts, at the same method and path', () => {
    assert.deepEqual(Object.keys(CLIENT_OPERATIONS).sort(), [...OPERATIONS.keys()].sort());
    for (const [id, op] of OPERATIONS) {
      assert.equal(CLIENT_OPERATIONS[id as keyof typeof CLIENT_OPERATIONS].method, op.method.toUpperCase(), id);
      assert.equal(
        CLIENT_OPERATIONS[id as keyof typeof CLIENT_OPERATIONS].path.replace(/\{(\w+)\}/g, ':$1'),
        op.path,
        id,
      );
    }
  });

  it('when a schema changes, then the generated type changes with it', () => {
    const before = typeOf({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, watts: { type: 'number', nullable: true } },
      additionalProperties: false,
    });
    assert.equal(before, '{\n  id: string;\n  watts?: number | null;\n}');
    assert.equal(
      typeOf({ type: 'array', items: { enum: ['pv-module', 'inverter'] } }),
      'Array<"pv-module" | "inverter">',
    );
    assert.equal(typeOf({ $ref: '#/components/schemas/Product' }), 'Product');
  });
});
