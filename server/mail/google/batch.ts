import { randomBytes } from 'node:crypto';

// Gmail's batch endpoint (`POST /batch/gmail/v1`): up to 100 calls in one multipart/mixed
// request, each part an `application/http` request line; the reply is multipart/mixed too, each
// part an HTTP status line, headers and a JSON body, named `response-` + the part's Content-ID.
// Google advises at most 50 calls a batch: larger ones are more likely to be rate limited.

export const BATCH_PATH = '/batch/gmail/v1';
export const BATCH_SIZE = 50;

export interface BatchPart {
  status: number;
  body: unknown;
  /** The part's own Retry-After header, if any. */
  retryAfter: string | null;
}

/** The multipart body of GETs of `paths` (each starting at /gmail/v1/…), with its content type. */
export function encodeBatch(paths: readonly string[]): { contentType: string; text: string } {
  const boundary = `batch_${randomBytes(12).toString('hex')}`;
  const parts = paths.map(
    (path, i) =>
      `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <item-${i}>\r\n\r\n` +
      `GET ${path}\r\n\r\n`,
  );
  return {
    contentType: `multipart/mixed; boundary=${boundary}`,
    text: `${parts.join('')}--${boundary}--\r\n`,
  };
}

/** Splits a multipart body on its boundary (the first line that starts with --). */
function multipartParts(text: string, boundary?: string): string[] {
  const marker = boundary ?? /^--(\S+)\r?$/m.exec(text)?.[1];
  if (!marker) return [];
  return text
    .split(`--${marker}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => part.replace(/^\r?\n/, ''));
}

/** A part's head (its own headers, by lower-cased name) and what follows the blank line. */
function splitHead(part: string): { headers: Map<string, string>; rest: string } {
  const match = /\r?\n\r?\n/.exec(part);
  const head = match ? part.slice(0, match.index) : part;
  const rest = match ? part.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, rest };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The reply's parts in the order of the request's (by Content-ID); a part the reply lacks is a
 * 500, so the caller tries it again.
 */
export function decodeBatch(text: string, count: number): BatchPart[] {
  const parts: BatchPart[] = Array.from({ length: count }, () => ({
    status: 500,
    body: null,
    retryAfter: null,
  }));
  for (const part of multipartParts(text)) {
    const outer = splitHead(part);
    const index = /<response-item-(\d+)>/.exec(outer.headers.get('content-id') ?? '')?.[1];
    const inner = splitHead(outer.rest);
    const status = /^HTTP\/[\d.]+ (\d{3})/.exec(outer.rest)?.[1];
    if (index === undefined || status === undefined || Number(index) >= count) continue;
    parts[Number(index)] = {
      status: Number(status),
      body: parseJson(inner.rest),
      retryAfter: inner.headers.get('retry-after') ?? null,
    };
  }
  return parts;
}
