import fp from 'fastify-plugin';
import type { Config } from '../config';

const LOOKER_STUDIO = 'https://lookerstudio.google.com';

/**
 * The app's Content-Security-Policy. Frames may come only from the configured Superset and from
 * Looker Studio; nothing may frame the app. Styles allow 'unsafe-inline' because Radix writes
 * inline styles; scripts do not.
 */
export function contentSecurityPolicy(config: Pick<Config, 'superset'>): string {
  const frames = [config.superset ? new URL(config.superset.url).origin : null, LOOKER_STUDIO];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${frames.filter((origin) => origin !== null).join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // Sign-in is a navigation, not a form post, so forms only ever post to the portal.
    "form-action 'self'",
  ].join('; ');
}

/** Headers every reply carries, the SPA page and API replies alike. */
export default fp(
  async (app) => {
    const csp = contentSecurityPolicy(app.config);
    const https = new URL(app.config.publicUrl).protocol === 'https:';
    app.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', csp);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      // Only over HTTPS: a browser would otherwise pin a plain-HTTP development host.
      if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
