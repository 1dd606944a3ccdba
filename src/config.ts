// Deployment-specific addresses, overridable through VITE_* variables at build time.
const env = import.meta.env;

const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL || 'support@mailpulse.example';
export const DOCS_URL = env.VITE_DOCS_URL || 'https://docs.mailpulse.example';
export const DEMO_URL = env.VITE_DEMO_URL || 'https://mailpulse.example/demo';
export const TERMS_URL = env.VITE_TERMS_URL || 'https://mailpulse.example/terms';

/** This build's package version, as /healthz reports it: shown in the side panel's footer. */
export const APP_VERSION = __MAILPULSE_VERSION__;

/** Backend paths that start the OAuth sign-in (full browser navigations, not API calls). */
export const LOGIN_START = {
  google: '/portal/login/google-oauth2',
  microsoft: '/portal/login/microsoft-graph',
  company: '/portal/login/oidc',
} as const;

export function supportMailto(subject?: string): string {
  return subject
    ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
    : `mailto:${SUPPORT_EMAIL}`;
}

/** Where uncaught browser errors are reported; the portal's own collector by default. */
export const ERROR_ENDPOINT = env.VITE_ERROR_ENDPOINT || '/portal/api/client-errors/';
