import { ERRORS, type ErrorCode } from './catalog';

/** One failing input, as listed in a validation problem's `errors`. */
export interface FieldError {
  readonly in: 'query' | 'path' | 'body' | 'header';
  readonly name: string;
  readonly message: string;
}

export interface AppErrorOptions {
  readonly errors?: readonly FieldError[];
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra members of the problem body (RFC 9457 extensions), e.g. the readiness checks. */
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
}

/** The only error type the error middleware renders as-is; anything else becomes INTERNAL. */
export class AppError extends Error {
  readonly status: number;
  readonly errors?: readonly FieldError[];
  readonly headers: Readonly<Record<string, string>>;
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    options: AppErrorOptions = {},
  ) {
    super(detail, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERRORS[code].status;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

/** Failures a validation problem lists at most: a request with thousands of bad parameters gets an answer of bounded size. */
export const MAX_LISTED_ERRORS = 50;

export function validationError(errors: FieldError[]): AppError {
  const listed = errors.slice(0, MAX_LISTED_ERRORS);
  const more = errors.length - listed.length;
  const detail =
    listed.map((e) => `${e.in} parameter '${e.name}' ${e.message}`).join('; ') + (more > 0 ? `; and ${more} more` : '');
  return new AppError('VALIDATION_FAILED', detail, {
    errors: listed,
    extensions: more > 0 ? { errors_truncated: true, errors_total: errors.length } : {},
  });
}
