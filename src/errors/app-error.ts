import { ERRORS, fieldsDetail, type ErrorCode, type FieldError, type Problem } from './catalog';

export type { FieldError, Problem } from './catalog';

export interface AppErrorOptions {
  readonly errors?: readonly FieldError[];
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra members of the problem body (RFC 9457 extensions), e.g. the readiness checks. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

/**
 * The only error type the error middleware renders as-is; anything else becomes INTERNAL. Raised from
 * a detail of the catalog (`new AppError(productNotFound(id))`), or with a fixed detail said once.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly status: number;
  readonly errors?: readonly FieldError[];
  readonly headers: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(problem: Problem, options?: AppErrorOptions);
  constructor(code: ErrorCode, detail: string, options?: AppErrorOptions);
  constructor(first: Problem | ErrorCode, second?: string | AppErrorOptions, third?: AppErrorOptions) {
    const problem: Problem = typeof first === 'string' ? { code: first, detail: second as string } : first;
    const options = (typeof first === 'string' ? third : (second as AppErrorOptions | undefined)) ?? {};
    super(problem.detail, { cause: options.cause });
    this.name = 'AppError';
    this.code = problem.code;
    this.detail = problem.detail;
    this.status = ERRORS[problem.code].status;
    this.errors = options.errors ?? problem.errors;
    this.headers = { ...problem.headers, ...options.headers };
    this.extensions = { ...problem.extensions, ...options.extensions };
  }
}

/** Failures a validation problem lists at most: a request with thousands of bad parameters gets an answer of bounded size. */
export const MAX_LISTED_ERRORS = 50;

export function validationError(errors: FieldError[]): AppError {
  const listed = errors.slice(0, MAX_LISTED_ERRORS);
  const more = errors.length - listed.length;
  const detail = fieldsDetail(listed) + (more > 0 ? `; and ${more} more` : '');
  return new AppError('VALIDATION_FAILED', detail, {
    errors: listed,
    extensions: more > 0 ? { errors_truncated: true, errors_total: errors.length } : {},
  });
}
