// Build-time settings read by src/config.ts; all optional, each has a default there.
interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_DOCS_URL?: string;
  readonly VITE_DEMO_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_ERROR_ENDPOINT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The package version, set at build time (vite.config.ts `define`). */
declare const __MAILPULSE_VERSION__: string;
