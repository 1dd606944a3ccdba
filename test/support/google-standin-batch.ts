import type { IncomingHttpHeaders } from 'node:http';
import type { LoggedCall, Reply, StandinRequest } from './http-standin';
import { gmailError } from './google-standin-mail';

// Gmail's batch endpoint as Google documents it: `POST /batch/gmail/v1`, multipart/mixed with at
// most 100 parts, each `Content-Type: application/http` holding one request line (and headers of
// its own, which win over the outer request's). Each part is answered as the same call made
// alone would be, its bearer token checked on its own, in a multipart/mixed reply whose parts
// carry `Content-ID: <response-…>`.

const MAX_PARTS = 100;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const badBatch = (message: string): Reply =>
  gmailError(400, message, 'badRequest', 'INVALID_ARGUMENT');

/** Header lines up to the first blank line, and what follows it. */
function readHead(text: string): { lines: string[]; rest: string } {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { lines: text.split('\r\n'), rest: '' };
  return { lines: text.slice(0, end).split('\r\n'), rest: text.slice(end + 4) };
}

function headerMap(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (match) headers[match[1]!.toLowerCase()] = match[2]!;
  }
  return headers;
}

/** One part as the request it carries, or the reason it is not one. */
function partRequest(part: string, outer: IncomingHttpHeaders): StandinRequest | string {
  const { lines, rest } = readHead(part);
  const own = headerMap(lines);
  if (own['content-type'] !== 'application/http') return 'Each part must be application/http';
  const inner = readHead(rest);
  const [requestLine = '', ...headerLines] = inner.lines;
  const [method, target] = requestLine.split(' ');
  if (!method || !target?.startsWith('/')) return `Bad request line: ${requestLine}`;
  const url = new URL(target, 'http://127.0.0.1');
  return {
    method,
    path: decodeURIComponent(url.pathname),
    query: url.searchParams,
    headers: { authorization: outer.authorization, ...headerMap(headerLines) },
    form: () => Promise.resolve(new URLSearchParams()),
    text: () => Promise.resolve(inner.rest),
  };
}

export async function batchAnswer(
  request: StandinRequest,
  answer: (part: StandinRequest) => Reply,
  log: (call: LoggedCall) => void,
): Promise<Reply> {
  const type = String(request.headers['content-type'] ?? '');
  const boundary = /^multipart\/mixed;\s*boundary="?([^";]+)"?/.exec(type)?.[1];
  if (!boundary) return badBatch('A batch request must be multipart/mixed with a boundary');
  const body = await request.text();
  const chunks = body.split(`--${boundary}`);
  if (chunks.at(-1)?.trim() !== '--') return badBatch('The batch body does not end its multipart');
  const parts = chunks.slice(1, -1).map((chunk) => chunk.replace(/^\r\n/, ''));
  if (parts.length === 0) return badBatch('The batch request holds no calls');
  if (parts.length > MAX_PARTS) return badBatch(`A batch holds at most ${MAX_PARTS} calls`);
  const replyBoundary = `batch_standin_${Date.now().toString(36)}`;
  const out = parts.map((part) => {
    const id = /^Content-ID:\s*<([^>]+)>/im.exec(readHead(part).lines.join('\r\n'))?.[1];
    const inner = partRequest(part, request.headers);
    const reply = typeof inner === 'string' ? badBatch(inner) : answer(inner);
    if (typeof inner !== 'string') log({ ...inner, status: reply.status });
    const headers = Object.entries(reply.headers ?? {}).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    );
    return (
      `--${replyBoundary}\r\nContent-Type: application/http\r\n` +
      (id ? `Content-ID: <response-${id}>\r\n` : '') +
      `\r\nHTTP/1.1 ${reply.status} ${STATUS_TEXT[reply.status] ?? ''}\r\n` +
      `Content-Type: application/json; charset=UTF-8\r\n${headers.join('')}\r\n` +
      `${JSON.stringify(reply.body ?? {})}\r\n`
    );
  });
  return {
    status: 200,
    headers: { 'content-type': `multipart/mixed; boundary=${replyBoundary}` },
    text: `${out.join('')}--${replyBoundary}--\r\n`,
  };
}
