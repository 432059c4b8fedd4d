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

export function validationError(errors: FieldError[]): AppError {
  const detail = errors.map((e) => `${e.in} parameter '${e.name}' ${e.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', detail, { errors });
}
