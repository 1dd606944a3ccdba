import { readFileSync } from 'node:fs';
import { runtimeFiles } from '../runtime-files';

/** The package version, as /healthz reports it: read once at start. */
export const packageVersion: string = (
  JSON.parse(readFileSync(runtimeFiles.packageJson, 'utf8')) as {
    version: string;
  }
).version;
