import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';

/** Double-submit XSRF protection: the server sets a cookie the app echoes back in a header. */
export function hasValidXsrf(request: FastifyRequest): boolean {
  const cookieValue = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookieValue || typeof header !== 'string') return false;
  const a = Buffer.from(cookieValue);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  async (app) => {
    await app.register(cookie);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.cookies[XSRF_COOKIE]) return done();
      // Readable by the app's JavaScript on purpose: it must copy the value into the header.
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: app.config.publicUrl.startsWith('https:'),
        httpOnly: false,
      });
      done();
    });
  },
  { name: 'xsrf', dependencies: ['config'] },
);
