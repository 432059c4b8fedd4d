// The parts of an OpenAPI 3.0 document this service writes (src/contract/paths/, schemas/) and reads
// (operations.ts, tool-schemas.ts), with the `x-` extensions it declares. Local rather than a package's:
// only what the document uses, and the extensions typed where code reads them.
import type { Scope } from '../catalog/api-key.types';

/** A scope; `key`: any valid API key, whatever its scopes; `account`: the login token; `public`: no one. */
/** `signed-url`: no key; a signed link names the account that pays (src/interchange/sam-links.service.ts). */
export type Access = Scope | 'key' | 'account' | 'public' | 'signed-url';

/** A JSON Schema as OpenAPI 3.0 writes it; its keywords are read where needed, so they stay open. */
export type SchemaObject = { readonly [keyword: string]: unknown };

export interface ParameterObject {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header';
  readonly description?: string;
  readonly required?: boolean;
  readonly schema: SchemaObject;
  readonly style?: 'form';
  /** false: a comma-separated list (`a,b,c`); true: the parameter repeated. */
  readonly explode?: boolean;
}

export interface HeaderObject {
  readonly description: string;
  readonly schema: SchemaObject;
}

export interface MediaTypeObject {
  readonly schema: SchemaObject;
}

export interface ResponseObject {
  readonly description: string;
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
  readonly headers?: Readonly<Record<string, HeaderObject>>;
}

export interface RequestBodyObject {
  readonly required: boolean;
  readonly content: Readonly<Record<string, MediaTypeObject>>;
}

export interface OperationObject {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  /** Who may call it (src/http/pipeline.ts mounts no operation without it). */
  readonly 'x-scope': Access;
  /** Credits one call costs; none when absent. */
  readonly 'x-credit-cost'?: number;
  /** The largest body it takes, when more than the configured limit. */
  readonly 'x-body-limit-bytes'?: number;
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: RequestBodyObject;
  /** By status code. */
  readonly responses: Readonly<Record<string, ResponseObject>>;
  /** Further facts for readers of the document (limits, settings, the substitution rules). */
  readonly [extension: `x-${string}`]: unknown;
}

export type Method = 'get' | 'post' | 'patch' | 'delete';

export type PathItemObject = { readonly [method in Method]?: OperationObject };

/** Path items by path (`/api/v1/products/{id}`). */
export type PathsObject = Readonly<Record<string, PathItemObject>>;

/** Component schemas by name (`#/components/schemas/<name>`). */
export type SchemasObject = Readonly<Record<string, SchemaObject>>;
