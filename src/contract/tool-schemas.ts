// Tool schemas for the MCP front door, derived from the OpenAPI document so that a tool takes and
// answers exactly what its operation does: the input is the operation's parameters (or its body),
// the output its 200 answer. OpenAPI 3.0 is turned into plain JSON Schema on the way: `nullable`
// becomes a `null` type, `x-` annotations are dropped, and `#/components/schemas/X` becomes
// `#/$defs/X`, carrying only the component schemas the tool reaches.
import { OPENAPI } from './openapi';
import type { OperationObject, ParameterObject, SchemaObject } from './openapi.types';

type Schema = Record<string, unknown>;

const COMPONENTS = OPENAPI.components.schemas;
const PREFIX = '#/components/schemas/';

function operationDoc(operationId: string): OperationObject {
  for (const item of Object.values(OPENAPI.paths))
    for (const op of Object.values(item)) if (op?.operationId === operationId) return op;
  throw new Error(`no operation ${operationId} in the OpenAPI document`);
}

/** One schema as plain JSON Schema; the component names it refers to are added to `reached`. */
function plain(node: unknown, reached: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => plain(n, reached));
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key.startsWith('x-') || key === 'nullable') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(PREFIX)) {
      const name = value.slice(PREFIX.length);
      reached.add(name);
      out.$ref = `#/$defs/${name}`;
      continue;
    }
    // `properties` and `$defs` hold names, not keywords: a spec named like a keyword stays.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, plain(v, reached)]))
        : plain(value, reached);
  }
  if ((node as Schema).nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/**
 * `root` as JSON Schema with every component it reaches, transitively, under `$defs`. A root that is
 * only a reference is the component itself: MCP wants `type: object` at the top of a tool's schema.
 */
function withDefs(root: SchemaObject): Schema {
  const reached = new Set<string>();
  const top = typeof root.$ref === 'string' ? COMPONENTS[root.$ref.slice(PREFIX.length)] : root;
  const schema = plain(top, reached) as Schema;
  const defs: Record<string, unknown> = {};
  for (let added = true; added;) {
    added = false;
    for (const name of reached)
      if (!(name in defs)) {
        defs[name] = plain(COMPONENTS[name], reached);
        added = true;
      }
  }
  return Object.keys(defs).length > 0 ? { ...schema, $defs: defs } : schema;
}

/** What the tool takes: the operation's path and query parameters as one object, or its JSON body. */
export function toolInputSchema(operationId: string): Schema {
  const op = operationDoc(operationId);
  const body = op.requestBody?.content['application/json']?.schema;
  if (body) return withDefs(body);
  const params = op.parameters ?? [];
  return withDefs({
    type: 'object',
    properties: Object.fromEntries(
      params.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }]),
    ),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  });
}

/** What the tool answers: the operation's 200 body. */
export function toolOutputSchema(operationId: string): Schema {
  const schema = operationDoc(operationId).responses['200']?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationId} answers no JSON body`);
  return withDefs(schema);
}

/** Where each parameter of an operation goes: the path, the query or a header (a body operation takes the whole input). */
export function parameterPlaces(operationId: string): ReadonlyMap<string, ParameterObject['in']> {
  const params = operationDoc(operationId).parameters ?? [];
  return new Map(params.map((p) => [p.name, p.in]));
}

/** The operation's summary and description, for the tool's. */
export function operationText(operationId: string): { summary: string; description?: string } {
  const op = operationDoc(operationId);
  return { summary: op.summary, ...(op.description ? { description: op.description } : {}) };
}
