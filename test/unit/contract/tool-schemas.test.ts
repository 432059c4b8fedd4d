// The MCP tools' schemas, derived from the OpenAPI document: plain JSON Schema a client can compile,
// within what every major LLM tool API accepts (test/helpers/llm-tool-rules.ts) and the 20 KB budget,
// and mapped back onto the operation's own parameter names.
import assert from 'node:assert/strict';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { restArguments, toolInputSchema, toolOutputSchema } from '../../../src/contract/tool-schemas';
import { OPERATIONS } from '../../../src/contract/operations';
import { TOOLS, TOOL_LIST } from '../../../src/mcp/mcp.tools';
import { toolListSize, toolListViolations } from '../../helpers/llm-tool-rules';

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
  it('when every tool schema is derived, then it compiles as JSON Schema, with no OpenAPI-only keyword and no $ref', () => {
    const validator = new AjvJsonSchemaValidator();
    for (const [name, tool] of TOOLS) {
      for (const schema of [toolInputSchema(tool.operationId), toolOutputSchema(tool.operationId)]) {
        assert.equal(schema.type, 'object', name);
        const found = keys(schema);
        assert.ok(!found.has('nullable'), name);
        assert.ok(!found.has('$ref'), name);
        assert.ok(![...found].some((k) => k.startsWith('x-')), name);
        validator.getValidator(schema);
      }
    }
  });

  it('when the tool list is read, then no LLM tool API would refuse it and it fits in 20 KB', () => {
    const result = { tools: TOOL_LIST };
    const size = toolListSize(result);
    console.log(
      `      tools/list: ${TOOL_LIST.length} tools, ${size.bytes} bytes, about ${size.tokens} tokens (bytes/4)`,
    );
    assert.deepEqual(toolListViolations(result), []);
  });

  it('when a tool is described, then it says its price as the document sets it', () => {
    for (const tool of TOOL_LIST) {
      const op = OPERATIONS.get(TOOLS.get(tool.name)!.operationId)!;
      const price = /Costs (\d+) credits? (a call|per [a-z ]+)\.|Free\./.exec(tool.description);
      assert.ok(price, `${tool.name}: ${tool.description}`);
      assert.equal(price[1] === undefined ? 0 : Number(price[1]), op.access.endsWith(':read') ? op.cost : 0, tool.name);
      assert.doesNotMatch(JSON.stringify(tool.inputSchema), /comma-separated|repeat the parameter/i, tool.name);
    }
  });

  it('when search arguments use ranges, spec values, sort and fields, then they become the REST parameters of searchProducts', () => {
    const args = {
      q: 'Trina',
      ranges: { stc_power_w: { gte: 400, lt: '0.5kW' }, nominal_power_w: { lte: 600 }, no_such_spec: { gte: 1 } },
      specs: { bifacial: true, technology: ['Mono-c-Si'] },
      sort: ['-specs.stc_power_w'],
      fields: ['model', 'specs.stc_power_w'],
    };
    assert.deepEqual(restArguments('searchProducts', args), {
      q: 'Trina',
      'specs.stc_power_w[gte]': 400,
      'specs.stc_power_w[lt]': '0.5kW',
      'nominal_power_w[lte]': 600,
      // Not a numeric spec: passed on as REST spells it, for validation to refuse by that name.
      'specs.no_such_spec[gte]': 1,
      'specs.bifacial': true,
      'specs.technology': ['Mono-c-Si'],
      sort: ['-specs.stc_power_w'],
      fields: ['model', 'specs.stc_power_w'],
    });
    // Every REST parameter is reachable from the tool: each bound, each spec value, each plain one.
    const input = toolInputSchema('searchProducts') as { properties: Record<string, unknown> };
    assert.ok(input.properties.ranges && input.properties.specs && input.properties.sort);
  });
});
