import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';

// Requests Node's HTTP parser refuses before any route sees them (Fastify's clientErrorHandler):
// a request line or headers over the size limit, a malformed request line, a request too slow to
// arrive. They get the headers every other reply carries, an `Error` body, and the connection is
// closed, since the parser cannot tell where the next request would begin.

interface ParserError extends Error {
  code?: string;
  /** What the parser had read when it gave up: a Buffer (Fastify's types say otherwise). */
  rawPacket?: unknown;
}

/** The status and message for a parser error. */
function refusal(error: ParserError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: 'The request took too long to arrive.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The limit counts the request line and the headers together; the line alone over it is an
    // address too long.
    const lineEnd = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.indexOf('\r\n') : 0;
    return lineEnd >= 0 && lineEnd < maxHeaderSize
      ? { status: 431, message: 'The request headers are too large.' }
      : { status: 414, message: 'The address is too long.' };
  }
  return { status: 400, message: 'The request could not be read.' };
}

/** Answers a request the parser refused, with `headers` (the security headers). */
export function refuseUnparsed(
  headers: Record<string, string>,
  error: ParserError,
  socket: Socket,
): void {
  // A reset connection, or one already answered: nothing to write to.
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = refusal(error);
  const reason = STATUS_CODES[status] ?? 'Error';
  // `bad_request`, `uri_too_long`…, as the error handler names its codes.
  const body = JSON.stringify({ error: reason.toLowerCase().replaceAll(' ', '_'), message });
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'cache-control: no-store',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
