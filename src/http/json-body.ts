// Reads a JSON request body with a size cap; answers 415, 413 or 400 before anything else happens.
import type { RequestContext as Context } from './request-state';
import { AppError } from '../errors/app-error';
import { bodyTooLarge } from '../errors/catalog';

export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  if (!ctx.is('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limitBytes) throw new AppError(bodyTooLarge(limitBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new AppError(bodyTooLarge(limitBytes));
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('MALFORMED_JSON', 'The body is not valid JSON.');
  }
}
