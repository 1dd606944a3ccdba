import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileEntry, folderEntry, joinTar } from './tar';

// PGlite's data folder as a tar, read by the database's own thread between two statements
// (after a checkpoint), so nothing writes to it meanwhile. PGlite's own dumpDataDir() walks the
// whole folder and fails on the CLI's socket in it; this skips our own files (and the sockets).

/** Our own files at the top of the folder, and the dead postmaster.pid: never restored. */
const OURS = /^(mailpulse\.lock.*|mailpulse-cli\.sock|secrets\.key|backups|postmaster\.pid)$/;

export function tarDataFolder(dataDir: string): Buffer {
  const entries: Buffer[] = [];
  const walk = (relative: string) => {
    for (const item of readdirSync(join(dataDir, relative), { withFileTypes: true })) {
      if (relative === '' && OURS.test(item.name)) continue;
      const name = relative === '' ? item.name : `${relative}/${item.name}`;
      if (item.isDirectory()) {
        entries.push(folderEntry(`${name}/`));
        walk(name);
      } else if (item.isFile()) {
        entries.push(fileEntry(name, readFileSync(join(dataDir, name))));
      }
    }
  };
  walk('');
  return joinTar(entries);
}
