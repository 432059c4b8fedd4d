// The one error path: every error, thrown anywhere below, leaves as RFC 9457 problem+json.
import type { RequestContext as Context, RequestMiddleware as Middleware } from './request-state';
import type { Call, CallStage } from './call';
import { AppError } from '../errors/app-error';
import {
  ERRORS,
  problemType,
  type ErrorCode,
  methodNotAllowed,
  methodNotImplemented,
  routeNotFound,
} from '../errors/catalog';
import type { Logger } from '../shared/logger';

// Errors raised by Koa itself or its middleware (ctx.throw, the router) carry a status.
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const UNMATCHED: Record<number, (ctx: Context) => AppError> = {
  404: (ctx) => new AppError(routeNotFound(ctx.method, ctx.path)),
  405: (ctx) => new AppError(methodNotAllowed(ctx.method, ctx.path, ctx.response.get('Allow'))),
  501: (ctx) => new AppError(methodNotImplemented(ctx.method)),
};

interface HttpishError {
  status?: number;
  expose?: boolean;
  message?: string;
  headers?: Record<string, string>;
}

export function problemErrors(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // The router answers unmatched paths and methods with a bare status (and Allow on 405).
      if (ctx.body == null && UNMATCHED[ctx.status]) throw UNMATCHED[ctx.status](ctx);
    } catch (err) {
      render(ctx, toAppError(err), logger);
    }
  };
}

/** The same error path for a call that did not come over HTTP (a tool call): the problem is its answer. */
export function problems(logger: Logger): CallStage {
  return async (call, next) => {
    try {
      await next();
    } catch (err) {
      render(call, toAppError(err), logger);
    }
  };
}

function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = (err ?? {}) as HttpishError;
  const code = e.status ? BY_STATUS[e.status] : undefined;
  if (code && e.expose !== false) {
    return new AppError(code, e.message ?? ERRORS[code].title, { headers: e.headers ?? {} });
  }
  return new AppError('INTERNAL', 'An unexpected error occurred. Quote the request id when you report it.', {
    cause: err,
  });
}

function render(ctx: Call, error: AppError, logger: Logger): void {
  if (error.status >= 500) {
    const cause =
      error.cause instanceof Error
        ? { name: error.cause.name, message: error.cause.message, stack: error.cause.stack }
        : error.cause;
    logger.error('request failed', { request_id: ctx.state.requestId, code: error.code, path: ctx.path, cause });
  }
  const { title } = ERRORS[error.code];
  ctx.status = error.status;
  ctx.set(error.headers);
  ctx.type = 'application/problem+json';
  ctx.body = {
    type: problemType(error.code),
    title,
    status: error.status,
    detail: error.detail,
    instance: ctx.path,
    request_id: ctx.state.requestId,
    ...error.extensions,
    ...(error.errors ? { errors: error.errors } : {}),
  };
}
