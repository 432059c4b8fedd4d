// Tool schemas for the MCP front door, derived from the OpenAPI document so that a tool takes exactly
// what its operation does, in a shape every LLM tool API accepts and an agent can afford to carry:
//
// - Property names match `^[a-zA-Z0-9_.-]{1,64}$` (Anthropic's rule for tool input keys, which refuses
//   the whole request otherwise). A query parameter named like a range bound (`specs.stc_power_w[gte]`)
//   becomes an entry of one `ranges` object (`{"stc_power_w": {"gte": 400}}`); many parameters sharing
//   a dotted prefix (`specs.cell_type`, …) become one object named for the prefix (`{"cell_type": […]}`).
// - An enumeration longer than ENUM_INLINE_MAX is told by its shapes instead of listed (`sort`'s and
//   `fields`' vocabularies are the glossary's); the server's own validation still checks every value.
// - Descriptions are cut to their first sentence; an operation's long text stays in the document.
// - The output schema is the answer's top-level properties, without the component schemas.
//
// `restArguments` maps a tool's arguments back onto the operation's own parameter names, so a tool
// call runs the REST operation unchanged and a refused value is named as REST names it.
import { OPENAPI } from './openapi';
import { allowedShapes } from './operations';
import type { OperationObject, ParameterObject, SchemaObject } from './openapi.types';

type Schema = Record<string, unknown>;

/** Anthropic's pattern for tool input property keys (OpenAI's function parameters take the same). */
export const PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
/** A parameter named as a bound: `<subject>[<operator>]`. */
const BOUND = /^(.+)\[(\w+)\]$/;
/** Enumerations up to this long are listed; longer ones are described by their shapes. */
const ENUM_INLINE_MAX = 12;
/** Parameters sharing a dotted prefix are grouped into one object from this many on. */
const GROUP_MIN = 5;
/** The tool property that holds every range bound. */
export const RANGES = 'ranges';

const COMPONENTS = OPENAPI.components.schemas;
const PREFIX = '#/components/schemas/';

export function operationDoc(operationId: string): OperationObject {
  for (const item of Object.values(OPENAPI.paths))
    for (const op of Object.values(item)) if (op?.operationId === operationId) return op;
  throw new Error(`no operation ${operationId} in the OpenAPI document`);
}

function pathOf(operationId: string): string | undefined {
  for (const [path, item] of Object.entries(OPENAPI.paths))
    if (Object.values(item).some((op) => op?.operationId === operationId)) return path;
  return undefined;
}

/** The first sentence of a description (a full stop outside brackets and code), without REST-only detail. */
function firstSentence(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, ' ');
  let depth = 0;
  let code = false;
  for (let i = 0; i < flat.length; i++) {
    const c = flat[i];
    if (c === '`') code = !code;
    else if (!code && (c === '(' || c === '[')) depth++;
    else if (!code && (c === ')' || c === ']')) depth--;
    else if (!code && depth === 0 && c === '.' && (i === flat.length - 1 || flat[i + 1] === ' '))
      return flat.slice(0, i + 1);
  }
  return flat;
}

/** A component schema with its references resolved one level (for a root that is only a `$ref`). */
const resolve = (schema: SchemaObject): SchemaObject =>
  typeof schema.$ref === 'string' ? COMPONENTS[schema.$ref.slice(PREFIX.length)] : schema;

/** A compact JSON Schema of one value: no `x-` keys, `nullable` as a type, long enums by their shapes. */
function compact(schema: SchemaObject, description?: string): Schema {
  const s = resolve(schema);
  const out: Schema = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(s)) {
    if (key.startsWith('x-') || key === 'nullable' || key === 'description' || key === 'example') continue;
    if (key === 'enum' && Array.isArray(value) && value.length > ENUM_INLINE_MAX) {
      notes.push(
        `One of ${value.length}: ${allowedShapes(value).replace(/; the OpenAPI document lists all \d+$/, '')}; the server checks each.`,
      );
      continue;
    }
    if (key === 'items') out.items = compact(value as SchemaObject);
    else if (key === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, SchemaObject>).map(([k, v]) => [
          k,
          compact(v, firstSentence(v.description as string | undefined)),
        ]),
      );
    else if (key !== '$ref') out[key] = value;
  }
  if (s.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  const items = out.items as Schema | undefined;
  if (items?.description) {
    notes.push(items.description as string);
    delete items.description;
  }
  const text = [description, ...notes].filter(Boolean).join(' ');
  return text ? { ...out, description: text } : out;
}

/** A query parameter as a tool property: its schema, and its description without REST's list syntax. */
function property(p: ParameterObject, path?: string): Schema {
  let description = firstSentence(p.description);
  if (!description && p.in === 'path' && path) {
    const owner = new RegExp(`/([a-z-]+?)s?/\\{${p.name}\\}`).exec(path)?.[1];
    description = `The ${owner ? `${owner} ` : ''}${p.name} (REST path ${path}).`;
  }
  // A comma-separated list in a query string is a JSON array in a tool's arguments.
  if (p.explode === false && description)
    description = description.replace(/comma-separated /gi, '').replace(/^./, (c) => c.toUpperCase());
  // A parameter repeated in a query string is a JSON array too.
  if (p.explode === true && description) description = description.replace(/ \(repeat[^)]*\)/g, '');
  return compact(p.schema, description);
}

interface Layout {
  /** Parameters kept under their own names. */
  readonly plain: readonly ParameterObject[];
  /** Bound parameters by subject (prefix removed) and operator. */
  readonly bounds: ReadonlyMap<string, ReadonlyMap<string, ParameterObject>>;
  /** Grouped parameters by prefix, then by the rest of their name. */
  readonly groups: ReadonlyMap<string, ReadonlyMap<string, ParameterObject>>;
}

const prefixOf = (name: string) => (name.includes('.') ? name.slice(0, name.indexOf('.')) : undefined);

/** Which parameters keep their names, which become bounds in `ranges`, which are grouped by prefix. */
function layout(params: readonly ParameterObject[]): Layout {
  const bounds = new Map<string, Map<string, ParameterObject>>();
  const rest: ParameterObject[] = [];
  for (const p of params) {
    const bound = BOUND.exec(p.name);
    if (!bound) {
      rest.push(p);
      continue;
    }
    const prefix = prefixOf(bound[1]);
    const subject = prefix ? bound[1].slice(prefix.length + 1) : bound[1];
    if (!bounds.has(subject)) bounds.set(subject, new Map());
    bounds.get(subject)!.set(bound[2], p);
  }
  const counts = new Map<string, number>();
  for (const p of rest) {
    const prefix = prefixOf(p.name);
    if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  const groups = new Map<string, Map<string, ParameterObject>>();
  const plain: ParameterObject[] = [];
  for (const p of rest) {
    const prefix = prefixOf(p.name);
    if (!prefix || (counts.get(prefix) ?? 0) < GROUP_MIN) {
      plain.push(p);
      continue;
    }
    if (!groups.has(prefix)) groups.set(prefix, new Map());
    groups.get(prefix)!.set(p.name.slice(prefix.length + 1), p);
  }
  return { plain, bounds, groups };
}

const layouts = new Map<string, Layout>();
function layoutOf(operationId: string): Layout {
  let found = layouts.get(operationId);
  if (!found) layouts.set(operationId, (found = layout(operationDoc(operationId).parameters ?? [])));
  return found;
}

/** `ranges`: one object keyed by subject, each an object of operators; values as REST reads them. */
function rangesSchema(bounds: Layout['bounds']): Schema {
  const operators = [...new Set([...bounds.values()].flatMap((ops) => [...ops.keys()]))];
  const subjects = [...bounds.keys()];
  return {
    type: 'object',
    description: `Numeric bounds: {"<spec>": {"${operators.join('"|"')}": value}}, e.g. {"${subjects[0]}": {"${operators[0]}": 400}}. A value is a number in the spec's unit (list_specs) or a string with a unit of its dimension ("7.6kW"). Keys: the ${subjects.length} numeric specs (list_specs), checked by the server.`,
    additionalProperties: {
      type: 'object',
      properties: Object.fromEntries(operators.map((op) => [op, { type: ['number', 'string'] }])),
      additionalProperties: false,
    },
  };
}

/** A group of parameters `<prefix>.<name>`: one object; each value as its parameter takes it. */
function groupSchema(prefix: string, members: ReadonlyMap<string, ParameterObject>): Schema {
  const kinds = [...new Set([...members.values()].map((p) => String(p.schema.type)))];
  const names = [...members.keys()];
  return {
    type: 'object',
    description: `Only products with these values: {"<name>": value} for the REST parameters ${prefix}.<name>. Keys: ${names.join(', ')}. A list value matches any of its items (case-insensitive); booleans match exactly.`,
    additionalProperties: kinds.length === 1 ? compact(members.values().next().value!.schema) : { type: kinds },
  };
}

/** What the tool takes: the operation's path and query parameters as one object, or its JSON body. */
export function toolInputSchema(operationId: string): Schema {
  const op = operationDoc(operationId);
  const body = op.requestBody?.content['application/json']?.schema;
  if (body) return { ...compact(body), type: 'object' };
  const { plain, bounds, groups } = layoutOf(operationId);
  const path = pathOf(operationId);
  const properties: Record<string, Schema> = Object.fromEntries(plain.map((p) => [p.name, property(p, path)]));
  if (bounds.size > 0) properties[RANGES] = rangesSchema(bounds);
  for (const [prefix, members] of groups) properties[prefix] = groupSchema(prefix, members);
  const required = plain.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/** What the tool answers: the operation's 200 body, its top-level properties without their detail. */
export function toolOutputSchema(operationId: string): Schema {
  const root = operationDoc(operationId).responses['200']?.content?.['application/json']?.schema;
  if (!root) throw new Error(`${operationId} answers no JSON body`);
  const schema = resolve(root);
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, p]) => {
        const type = resolve(p).type;
        return [name, typeof type === 'string' && !resolve(p).nullable ? { type } : {}];
      }),
    ),
  };
}

/** Where each parameter of an operation goes: the path, the query or a header (a body operation takes the whole input). */
export function parameterPlaces(operationId: string): ReadonlyMap<string, ParameterObject['in']> {
  const params = operationDoc(operationId).parameters ?? [];
  return new Map(params.map((p) => [p.name, p.in]));
}

/**
 * A tool's arguments under the operation's own parameter names: each `ranges` entry as its bound
 * parameter, each group entry as `<prefix>.<name>`. A name the operation does not have is passed on as
 * REST would spell it, so the operation's validation refuses it by that name.
 */
export function restArguments(operationId: string, args: Record<string, unknown>): Record<string, unknown> {
  const { bounds, groups } = layoutOf(operationId);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const nested = value !== null && typeof value === 'object' && !Array.isArray(value);
    if (name === RANGES && bounds.size > 0 && nested) {
      for (const [subject, ops] of Object.entries(value as Record<string, unknown>)) {
        const byOp = bounds.get(subject);
        const fallbackPrefix = prefixOf([...bounds.values()][0].values().next().value!.name);
        const entries: [string, unknown][] =
          ops !== null && typeof ops === 'object' ? Object.entries(ops) : [['(bound)', ops]];
        for (const [op, bound] of entries)
          out[byOp?.get(op)?.name ?? `${fallbackPrefix ? `${fallbackPrefix}.` : ''}${subject}[${op}]`] = bound;
      }
    } else if (groups.has(name) && nested) {
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) out[`${name}.${key}`] = v;
    } else out[name] = value;
  }
  return out;
}

/** The operation's summary, and its price in credits as the document states it. */
export function operationText(operationId: string): { summary: string; price: string } {
  const op = operationDoc(operationId);
  const per = Object.entries(op).find(([key]) => key.startsWith('x-credit-cost-per-'));
  const cost = op['x-credit-cost'] ?? 0;
  const reading = typeof op['x-scope'] === 'string' && op['x-scope'].endsWith(':read');
  const price = per
    ? `Costs ${String(per[1])} credit per ${per[0].slice('x-credit-cost-per-'.length).replace(/-/g, ' ')}.`
    : reading && cost > 0
      ? `Costs ${cost} credit${cost === 1 ? '' : 's'} a call.`
      : 'Free.';
  return { summary: op.summary, price };
}
