// What the major LLM tool APIs refuse in a tool definition, written down from their documentation and
// from the errors they answer, so a test can read a served `tools/list` and fail on anything an
// assistant would have the whole request refused for (one bad tool fails every turn, not only its own):
//
// Anthropic Messages API (`tools[].name`, `tools[].input_schema`):
//   - a tool name matches ^[a-zA-Z0-9_-]{1,64}$;
//   - every property key, at every depth, matches ^[a-zA-Z0-9_.-]{1,64}$ ("tools.N.custom.input_schema.
//     properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'");
//   - the input schema is `type: object`, with no oneOf, allOf or anyOf at the top level ("input_schema
//     does not support oneOf, allOf, or anyOf at the top level").
// OpenAI function calling (`tools[].function.name`, `.parameters`):
//   - a function name matches ^[a-zA-Z0-9_-]{1,64}$ (a-z, A-Z, 0-9, underscores and dashes, at most 64);
//   - the parameters are `type: object` with no oneOf, anyOf, allOf, enum or not at the top level
//     ("schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level");
//   - in strict mode (Structured Outputs' supported schemas): allOf, not, if/then/else,
//     dependentRequired and dependentSchemas are not permitted anywhere; at most 5,000 object
//     properties, 10 levels of nesting and 1,000 enum values in one schema.
// Both: a schema is self-contained: a `$ref` points inside it (`#/…`) and resolves.
// And the budget this service sets itself (issue 54): the whole `tools/list` result at most 20 KB.

export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;
export const TOOL_LIST_MAX_BYTES = 20 * 1024;
const TOP_LEVEL_REFUSED = ['oneOf', 'anyOf', 'allOf', 'enum', 'not'];
const NOWHERE = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'];
const MAX_PROPERTIES = 5000;
const MAX_DEPTH = 10;
const MAX_ENUM_VALUES = 1000;

export interface ListedTool {
  readonly name: string;
  readonly inputSchema: Record<string, unknown>;
}

/** Every rule one tool breaks, each said with the tool and where. */
function toolViolations(tool: ListedTool): string[] {
  const out: string[] = [];
  const schema = tool.inputSchema;
  if (!TOOL_NAME.test(tool.name)) out.push(`${tool.name}: the name does not match ${TOOL_NAME}`);
  if (schema.type !== 'object') out.push(`${tool.name}: the input schema is not type: object`);
  for (const k of TOP_LEVEL_REFUSED)
    if (k in schema) out.push(`${tool.name}: '${k}' at the top level of the input schema`);
  let properties = 0;
  let enumValues = 0;
  const walk = (node: unknown, path: string, depth: number) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`, depth));
    if (node === null || typeof node !== 'object') return;
    const s = node as Record<string, unknown>;
    for (const k of NOWHERE) if (k in s) out.push(`${tool.name}: '${k}' at ${path || '/'}`);
    if (typeof s.$ref === 'string' && !resolves(schema, s.$ref))
      out.push(`${tool.name}: $ref ${s.$ref} at ${path} does not point inside the schema`);
    if (Array.isArray(s.enum)) enumValues += s.enum.length;
    if (s.properties && typeof s.properties === 'object') {
      if (depth + 1 > MAX_DEPTH) out.push(`${tool.name}: objects nested deeper than ${MAX_DEPTH} at ${path}`);
      for (const [key, value] of Object.entries(s.properties)) {
        properties++;
        if (!PROPERTY_KEY.test(key)) out.push(`${tool.name}: property key '${key}' at ${path || '/'}`);
        walk(value, `${path}/properties/${key}`, depth + 1);
      }
    }
    for (const [k, v] of Object.entries(s)) if (k !== 'properties' && k !== 'enum') walk(v, `${path}/${k}`, depth);
  };
  walk(schema, '', 0);
  if (properties > MAX_PROPERTIES) out.push(`${tool.name}: ${properties} properties (at most ${MAX_PROPERTIES})`);
  if (enumValues > MAX_ENUM_VALUES) out.push(`${tool.name}: ${enumValues} enum values (at most ${MAX_ENUM_VALUES})`);
  return out;
}

function resolves(root: Record<string, unknown>, ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node !== undefined;
}

/** Every rule a `tools/list` result breaks: each tool's, and the size budget. */
export function toolListViolations(result: { tools: readonly ListedTool[] }): string[] {
  const bytes = Buffer.byteLength(JSON.stringify(result));
  return [
    ...result.tools.flatMap(toolViolations),
    ...(bytes > TOOL_LIST_MAX_BYTES ? [`tools/list is ${bytes} bytes (at most ${TOOL_LIST_MAX_BYTES})`] : []),
  ];
}

/** The size of a `tools/list` result, in bytes and in tokens estimated at 4 bytes a token. */
export function toolListSize(result: unknown): { bytes: number; tokens: number } {
  const bytes = Buffer.byteLength(JSON.stringify(result));
  return { bytes, tokens: Math.round(bytes / 4) };
}
