// The operations of the OpenAPI document, each with its declared scope, cost and the request
// validators compiled from its parameters and body.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { OPENAPI, type Scope } from './openapi';
import { createAjv, compile } from './ajv';
import { RANGE_PARAM_PATTERN } from './query-vocabulary';
import { validationError, type FieldError } from '../errors/app-error';

export type Access = Scope | 'account' | 'public';

export interface ContractOperation {
  readonly operationId: string;
  readonly method: 'get' | 'post' | 'delete';
  /** Koa-style path (`/api/v1/products/:id`). */
  readonly path: string;
  readonly access: Access;
  readonly cost: number;
  /** Validates (and coerces) query and path parameters and the body; throws a 400 AppError. */
  validate(input: { query: Record<string, unknown>; params: Record<string, unknown>; body?: unknown }): void;
  readonly hasBody: boolean;
}

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  schema: object;
}

const queryAjv = createAjv({ coerceTypes: 'array', useDefaults: true });
const bodyAjv = createAjv();
const RANGE_OPERATIONS = new Set(['listProducts', 'searchProducts']);

function fieldErrors(where: FieldError['in'], errors: ErrorObject[] | null | undefined): FieldError[] {
  return (errors ?? []).map((e) => {
    if (e.keyword === 'additionalProperties') {
      const name = String(e.params.additionalProperty);
      return { in: where, name, message: where === 'body' ? 'is not a known field' : 'is not a known parameter' };
    }
    if (e.keyword === 'required') return { in: where, name: String(e.params.missingProperty), message: 'is required' };
    const name = e.instancePath.split('/').filter(Boolean)[0] ?? '(body)';
    const suffix = e.keyword === 'enum' ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
    return { in: where, name, message: `${e.message ?? 'is invalid'}${suffix}` };
  });
}

function objectSchema(params: OpenApiParameter[], extra: object = {}) {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
    ...extra,
  };
}

function buildOperation(path: string, method: ContractOperation['method'], op: Record<string, any>): ContractOperation {
  const params: OpenApiParameter[] = op.parameters ?? [];
  const ranges = RANGE_OPERATIONS.has(op.operationId) ? { patternProperties: { [RANGE_PARAM_PATTERN]: { type: 'string', minLength: 1, maxLength: 50 } } } : {};
  const query: ValidateFunction = compile(queryAjv, objectSchema(params.filter((p) => p.in === 'query'), ranges));
  const pathParams: ValidateFunction = compile(queryAjv, objectSchema(params.filter((p) => p.in === 'path')));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? compile(bodyAjv, bodySchema) : undefined;
  return {
    operationId: op.operationId,
    method,
    path: path.replace(/\{(\w+)\}/g, ':$1'),
    access: op['x-scope'],
    cost: op['x-credit-cost'] ?? 0,
    hasBody: Boolean(body),
    validate(input) {
      const errors = [
        ...(pathParams(input.params) ? [] : fieldErrors('path', pathParams.errors)),
        ...(query(input.query) ? [] : fieldErrors('query', query.errors)),
        ...(body && !body(input.body) ? fieldErrors('body', body.errors) : []),
      ];
      if (errors.length > 0) throw validationError(errors);
    },
  };
}

export const OPERATIONS: ReadonlyMap<string, ContractOperation> = new Map(
  Object.entries(OPENAPI.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, any>).map(([method, op]) => [op.operationId, buildOperation(path, method as ContractOperation['method'], op)] as const),
  ),
);
