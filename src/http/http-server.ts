// The HTTP server around the Koa app, with the limits a public API needs against slow or greedy
// clients: a client must send its headers within HEADERS_TIMEOUT_MS and its whole request within
// REQUEST_RECEIVE_TIMEOUT_MS (else 408), and headers (request line included) may not exceed
// MAX_HEADER_BYTES, which holds any request the contract allows (else 431); what Node's parser
// refuses is answered as problem+json too. Shared by main.ts and the tests, so both run the same limits.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { ERRORS, PROBLEM_TYPE_BASE, type ErrorCode } from '../errors/catalog';
import { MAX_HEADER_BYTES } from '../contract/openapi';

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_RECEIVE_TIMEOUT_MS = 30_000;

export function createHttpServer(app: Koa): http.Server {
  // The timeouts are enforced by a sweep every connectionsCheckingInterval (30 s by default, which
  // would let a slow client hold a socket for up to 40 s).
  // Koa's callback returns a promise Node ignores; Koa settles every error itself (problemErrors).
  const server = http.createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_RECEIVE_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    // oxlint-disable-next-line typescript/no-misused-promises
    app.callback(),
  );
  // Idle keep-alive sockets are closed after 5 s (Node's default), so they cannot pile up.
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);
  return server;
}

const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: ['HEADERS_TOO_LARGE', `The request line and headers exceed ${MAX_HEADER_BYTES / 1024} KiB.`],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request was not received in time.'],
  default: ['MALFORMED_REQUEST', 'The request is not valid HTTP/1.1.'],
};

/** What Node's parser refuses before Koa sees it is answered as problem+json too, then closed. */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [code, detail] = CLIENT_ERRORS[err.code ?? ''] ?? CLIENT_ERRORS.default;
  const { status, slug, title } = ERRORS[code];
  const body = JSON.stringify({ type: PROBLEM_TYPE_BASE + slug, title, status, detail });
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
