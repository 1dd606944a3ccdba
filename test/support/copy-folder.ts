import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Copies a database folder (a PGlite data folder: ~1,200 files, 40 to 100 MB) to `to`, which must
 * not exist. The system's `cp -R` takes a third of the CPU time of Node's fs.cp, and the tests
 * make a copy per file, per browser-test server and per kill test; fs.cp stands in where there
 * is no `cp`.
 */
export async function copyFolder(from: string, to: string): Promise<void> {
  try {
    await run('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}
