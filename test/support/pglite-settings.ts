import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server tests' PGlite template adds to the product's settings. PGlite starts PostgreSQL
 * with 128 MB of shared buffers and sets them up in WebAssembly memory at every opening: measured,
 * half the CPU of opening a folder (1.0 s against 0.5 s at 16 MB). The server tests open hundreds
 * of copies (each test's database, each process a kill test starts) of a few megabytes of data.
 * The browser tests' servers keep 128 MB: on their 90 days of demo mail the smaller cache cost
 * their queries what it saved at the start. Only speed changes, never an answer.
 */
export const TEST_PGLITE_SETTINGS = 'shared_buffers = 16MB\n';

/** Writes TEST_PGLITE_SETTINGS into a closed PGlite data folder, which its copies then keep. */
export async function applyTestSettings(dataDir: string): Promise<void> {
  await appendFile(join(dataDir, 'postgresql.auto.conf'), TEST_PGLITE_SETTINGS);
}
