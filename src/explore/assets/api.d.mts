// The types of api.mjs for the checked assets (tsconfig.json here), until api.mjs is checked itself:
// then its JSDoc says this, and this file goes.

/** `query`: a URLSearchParams or an object (arrays repeat the parameter); `body`: sent as JSON with `method`. */
export interface ApiOptions {
  readonly query?: URLSearchParams | Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
  readonly method?: string;
  readonly body?: unknown;
}

/** The served OpenAPI document, read once per page load. */
export function loadContract(): Promise<any>;
export function doc(): any;
/** The schema of one parameter of an operation. */
export function paramSchema(operationId: string, name: string): any;
/** Every spec's unit, description and short label (`x-spec-catalog`). */
export function specInfo(name: string): any;
/** A spec's name for people; undefined for a name the glossary lacks. */
export function specLabel(name: string): string | undefined;
/** A spec's tooltip: its raw name and its full description. */
export function specTitle(name: string): string;
/** Calls the API; a failed call throws the API's problem. A 204 resolves with undefined. */
export function api(path: string, options?: ApiOptions): Promise<any>;
/** A problem shown as the API wrote it; null for a cancelled request. */
export function problemView(err: unknown): HTMLElement | null;
