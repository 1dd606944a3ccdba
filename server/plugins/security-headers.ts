import fp from 'fastify-plugin';
import type { Config } from '../config';

const LOOKER_STUDIO = 'https://lookerstudio.google.com';

/**
 * The app's Content-Security-Policy. Frames may come only from the configured Superset and from
 * Looker Studio; nothing may frame the app. Styles allow 'unsafe-inline' because Radix writes
 * inline styles; scripts do not.
 */
function contentSecurityPolicy(config: Pick<Config, 'superset'>): string {
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
export function securityHeaders(config: Pick<Config, 'superset' | 'publicUrl'>) {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
  // Only over HTTPS: a browser would otherwise pin a plain-HTTP development host.
  if (new URL(config.publicUrl).protocol === 'https:') {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

/** API replies carry personal data (the user, the users list): no cache may keep them. */
export const isPrivateReply = (url: string) => url.startsWith('/portal/api/');

export default fp(
  async (app) => {
    const headers = securityHeaders(app.config);
    // Callback hooks, not async ones: every reply passes here, and a hook that returns no promise
    // lets a reply whose body is ready be written in the same turn.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.headers(headers);
      if (isPrivateReply(request.url)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
