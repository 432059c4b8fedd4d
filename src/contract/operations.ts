// The operations of the OpenAPI document, each with its declared scope, cost and the request
// validators compiled from its parameters and body.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OPENAPI } from './openapi';
import { createAjv, compile } from './ajv';
import { AS_OF_FORMAT } from './as-of';
import { validationError, type FieldError } from '../errors/app-error';
import { isSpecName } from '../catalog/spec-catalog';
import { unitFactors } from './query-vocabulary';
import type { Access, Method, OperationObject, ParameterObject, PathItemObject } from './openapi.types';

export type { Access } from './openapi.types';

export interface ContractOperation {
  readonly operationId: string;
  readonly method: Method;
  /** Koa-style path (`/api/v1/products/:id`). */
  readonly path: string;
  readonly access: Access;
  readonly cost: number;
  /** Validates (and coerces) query, path and header parameters and the body; throws a 400 AppError. */
  validate(input: {
    query: Record<string, unknown>;
    params: Record<string, unknown>;
    headers?: Record<string, unknown>;
    body?: unknown;
  }): void;
  /**
   * Validates (and coerces) the same parts given as JSON values (a tool call's arguments): a list is
   * an array already, so no string is split at its commas.
   */
  validateArguments(input: {
    query: Record<string, unknown>;
    params: Record<string, unknown>;
    headers?: Record<string, unknown>;
    body?: unknown;
  }): void;
  /** The request headers the document declares as parameters, lower-case. */
  readonly headers: readonly string[];
  readonly hasBody: boolean;
  /** The largest body this operation takes when it needs more than the configured limit (`x-body-limit-bytes`). */
  readonly bodyLimit?: number;
}

// verbose: errors carry the offending value, which the messages quote.
const queryAjv = createAjv({ coerceTypes: 'array', useDefaults: true, verbose: true });
const bodyAjv = createAjv({ verbose: true });
/** A name shaped like a range on a spec the document does not list as numeric. */
const RANGE_LIKE = /^specs\.[^[]+\[(gte|gt|lte|lt)\]$/;

/** Long vocabularies told by their shapes: `specs.<name>` for every spec, `-` once for descending. */
export function allowedShapes(values: unknown[]): string {
  if (values.length <= 12) return values.join(', ');
  const shapes = [
    ...new Set(
      values.map((v) =>
        String(v)
          .replace(/^-/, '')
          .replace(/^specs\..+$/, 'specs.<name>'),
      ),
    ),
  ];
  const descending = values.some((v) => String(v).startsWith('-')) ? ' (prefix - for descending)' : '';
  return `${shapes.join(', ')}${descending}; the OpenAPI document lists all ${values.length}`;
}

function rangeUnitsHint(name: string): string {
  const spec = name.slice('specs.'.length, name.indexOf('['));
  const units = isSpecName(spec) ? Object.keys(unitFactors(spec)) : [];
  return units.length > 0 ? ` (${units.join(', ')}, any case)` : '';
}

function fieldErrors(where: FieldError['in'], errors: ErrorObject[] | null | undefined): FieldError[] {
  return (errors ?? []).map((e) => {
    if (e.keyword === 'additionalProperties') {
      const name = String(e.params.additionalProperty);
      if (RANGE_LIKE.test(name))
        return {
          in: where,
          name,
          message: 'names no numeric spec; the document lists every range parameter (see x-spec-catalog)',
        };
      return { in: where, name, message: where === 'body' ? 'is not a known field' : 'is not a known parameter' };
    }
    if (e.keyword === 'required') return { in: where, name: String(e.params.missingProperty), message: 'is required' };
    const [first, item] = e.instancePath.split('/').filter(Boolean);
    const name = first ?? '(body)';
    // An item of a list in a body is told by its position, so the caller finds the entry among a hundred.
    const at = where === 'body' && item !== undefined && /^\d+$/.test(item) ? `item ${item} (from 0) ` : '';
    if (e.keyword === 'uniqueItems')
      return {
        in: where,
        name,
        message: `holds the same value twice (items ${[Number(e.params.i), Number(e.params.j)].sort((a, b) => a - b).join(' and ')}, counted from 0)`,
      };
    if (e.keyword === 'enum')
      return {
        in: where,
        name,
        message: `${at}has '${String(e.data)}', which is not one of: ${allowedShapes(e.params.allowedValues as unknown[])}`,
      };
    if (e.keyword === 'pattern' && RANGE_LIKE.test(name))
      return {
        in: where,
        name,
        message: `'${String(e.data)}' is not a number with an optional unit${rangeUnitsHint(name)}`,
      };
    if (e.keyword === 'format' && e.params.format === AS_OF_FORMAT)
      return {
        in: where,
        name,
        message: `'${String(e.data)}' is no such time (a month, day, hour or offset out of range)`,
      };
    return { in: where, name, message: `${at}${e.message ?? 'is invalid'}` };
  });
}

function objectSchema(params: readonly ParameterObject[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/** Splits the parameters the document declares as comma-separated lists (form style, explode false). */
function commaSplitter(params: readonly ParameterObject[]): (query: Record<string, unknown>) => void {
  const lists = params
    .filter((p) => p.in === 'query' && p.explode === false && p.schema.type === 'array')
    .map((p) => p.name);
  return (query) => {
    for (const name of lists) {
      const value = query[name];
      if (value !== undefined) query[name] = ([] as unknown[]).concat(value).flatMap((v) => String(v).split(','));
    }
  };
}

function buildOperation(path: string, method: Method, op: OperationObject): ContractOperation {
  const params = op.parameters ?? [];
  const split = commaSplitter(params);
  const query: ValidateFunction = compile(queryAjv, objectSchema(params.filter((p) => p.in === 'query')));
  const pathParams: ValidateFunction = compile(queryAjv, objectSchema(params.filter((p) => p.in === 'path')));
  // Header names are case-insensitive; Node gives them lower-case.
  const headerParams = params.filter((p) => p.in === 'header').map((p) => ({ ...p, name: p.name.toLowerCase() }));
  const headers: ValidateFunction = compile(bodyAjv, objectSchema(headerParams));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? compile(bodyAjv, bodySchema) : undefined;
  const check: ContractOperation['validateArguments'] = (input) => {
    const errors = [
      ...(pathParams(input.params) ? [] : fieldErrors('path', pathParams.errors)),
      ...(query(input.query) ? [] : fieldErrors('query', query.errors)),
      ...(headers(input.headers ?? {}) ? [] : fieldErrors('header', headers.errors)),
      ...(body && !body(input.body) ? fieldErrors('body', body.errors) : []),
    ];
    if (errors.length > 0) throw validationError(errors);
  };
  return {
    operationId: op.operationId,
    method,
    path: path.replace(/\{(\w+)\}/g, ':$1'),
    access: op['x-scope'],
    cost: op['x-credit-cost'] ?? 0,
    hasBody: Boolean(body),
    headers: headerParams.map((p) => p.name),
    ...(op['x-body-limit-bytes'] ? { bodyLimit: op['x-body-limit-bytes'] } : {}),
    validate(input) {
      split(input.query);
      check(input);
    },
    validateArguments: check,
  };
}

/** The operations of a path item, each with its method, in the document's order. */
const operationsOf = (item: PathItemObject) =>
  Object.entries(item).flatMap(([method, op]) => (op ? [[method as Method, op] as const] : []));

export const OPERATIONS: ReadonlyMap<string, ContractOperation> = new Map(
  Object.entries(OPENAPI.paths).flatMap(([path, item]) =>
    operationsOf(item).map(([method, op]) => [op.operationId, buildOperation(path, method, op)] as const),
  ),
);
