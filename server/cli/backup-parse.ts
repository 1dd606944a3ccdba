import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CliInputError, required } from './flag-values';

// The backup, restore and migration commands' flags, checked before the database opens. Files
// are named absolutely: a running server, in another folder, may be the one that writes them.

export type BackupCommand =
  { name: 'backup'; out: string } | { name: 'restore'; from: string } | { name: 'migrate:status' };

export const BACKUP_USAGE = `Backups and upgrades:

  backup         --out FILE
                 writes one archive of the database and the secrets key (in clear: keep it
                 like the key) while the server runs
  restore        --from FILE
                 into an empty DATA_DIR, or an empty database at DATABASE_URL; recreates the
                 BI roles the archive names
  migrate:status lists the applied migrations and the ones this build would apply`;

const NAMES: readonly string[] = ['backup', 'restore', 'migrate:status'];

export const isBackupCommandName = (name: string | undefined): name is BackupCommand['name'] =>
  name !== undefined && NAMES.includes(name);

const FLAGS = { backup: 'out', restore: 'from', 'migrate:status': null } as const;

export function parseBackupCommand(argv: readonly string[]): BackupCommand {
  const [name, ...args] = argv;
  if (!isBackupCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  const flag = FLAGS[name];
  let values: Partial<Record<string, string | boolean>>;
  try {
    const options = flag ? { [flag]: { type: 'string' as const } } : {};
    values = parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
  const file = (key: string) => resolve(required({ [key]: String(values[key] ?? '') }, key));
  if (name === 'backup') return { name, out: file('out') };
  if (name === 'restore') return { name, from: file('from') };
  return { name };
}
