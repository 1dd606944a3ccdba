import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

// Form bodies, for the one operation that takes them (the one-click unsubscribe, RFC 8058: mail
// software posts `List-Unsubscribe=One-Click` as multipart/form-data or urlencoded). Registered in
// that route module's own scope, so every other route still takes JSON only. Both parsers give
// an object of text fields, which the contract's schema then checks.

const FORM_LIMIT = 16 * 1024;

/** The text fields of a multipart/form-data body (RFC 7578); files are not expected here. */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) throw badRequest('The multipart/form-data body names no boundary.');
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${marker}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (request, body, done) => {
      try {
        done(null, multipartFields(String(body), request.headers['content-type'] ?? ''));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
