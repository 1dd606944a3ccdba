import { readFileSync } from 'node:fs';

/** The package version, as /healthz reports it: read once at start. */
export const packageVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
