import { BackupRefusal } from '../backup/archive';
import { createBackup } from '../backup/backup';
import { restoreBackup } from '../backup/restore';
import { appliedMigrations, migrationsFolder, pendingMigrations } from '../db/migrate';
import type { BackupCommand } from './backup-parse';
import type { CliContext, CliOutcome } from './execute';
import { CliInputError } from './flag-values';

/** `migrate:status`: one line per migration, applied (with when) or pending, then the counts. */
async function migrationStatus(context: CliContext): Promise<string[]> {
  const applied = await appliedMigrations(context.db);
  const pending = await pendingMigrations(context.db, migrationsFolder());
  return [
    ...applied.map((row) => `applied\t${row.name}\t${row.applied_at}`),
    ...pending.map((migration) => `pending\t${migration.name}`),
    `${applied.length} applied, ${pending.length} pending`,
  ];
}

async function run(command: BackupCommand, context: CliContext): Promise<string[]> {
  if (command.name === 'migrate:status') return migrationStatus(context);
  if (command.name === 'backup') return createBackup(context.db, context.config, command.out);
  return restoreBackup(context.config, command.from);
}

export async function runBackupCommand(
  command: BackupCommand,
  context: CliContext,
): Promise<string[]> {
  try {
    return await run(command, context);
  } catch (error) {
    if (error instanceof BackupRefusal) throw new CliInputError(error.message);
    throw error;
  }
}

/** `restore` as the CLI runs it, before any database is opened: its target must be empty. */
export async function restoreOutcome(
  command: Extract<BackupCommand, { name: 'restore' }>,
  config: CliContext['config'],
): Promise<CliOutcome> {
  try {
    return { stdout: await restoreBackup(config, command.from), stderr: [], code: 0 };
  } catch (error) {
    if (error instanceof BackupRefusal) {
      return { stdout: [], stderr: [`error: ${error.message}`], code: 2 };
    }
    throw error;
  }
}
