// The MCP tools' schemas, derived from the OpenAPI document, are plain JSON Schema a client can compile.
import assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { toolInputSchema, toolOutputSchema } from '../../../src/contract/tool-schemas';
import { TOOLS } from '../../../src/mcp/mcp.tools';

/** Every key anywhere in `node` (`properties` values are names, so their keys are skipped). */
function keys(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keys(n, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k !== 'properties' && k !== '$defs') out.add(k);
      keys(v, out);
    }
  return out;
}

describe('contract: MCP tool schemas', () => {
  it('when every tool schema is derived, then it compiles as JSON Schema, with no OpenAPI-only keyword and every $ref defined', () => {
    const validator = new AjvJsonSchemaValidator();
    for (const [name, tool] of TOOLS) {
      for (const schema of [toolInputSchema(tool.operationId), toolOutputSchema(tool.operationId)]) {
        assert.equal(schema.type, 'object', name);
        const found = keys(schema);
        assert.ok(!found.has('nullable'), name);
        assert.ok(![...found].some((k) => k.startsWith('x-')), name);
        const refs = JSON.stringify(schema).match(/#\/\$defs\/\w+/g) ?? [];
        for (const ref of refs) assert.ok((schema.$defs as object)[ref.slice(8) as never], `${name}: ${ref}`);
        validator.getValidator(schema);
      }
    }
  });

  it('when a value the document allows to be null is null, then the derived schema accepts it', () => {
    const validate = new AjvJsonSchemaValidator().getValidator(toolOutputSchema('compareProducts'));
    const answer = {
      data: [{ id: 'a' }, { id: 'b' }],
      comparison: [{ spec: 'stc_power_w', values: [400, null], differs: true }],
      meta: { notice: 'n' },
    };
    assert.equal(validate(answer).valid, true, validate(answer).errorMessage);
  });
});
