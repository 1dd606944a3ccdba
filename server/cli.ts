// Operator CLI: npm run cli -- <command> [flags]  (see server/cli/parse.ts for the commands).
// Exit codes: 0 done, 2 invalid input or environment (nothing changed), 1 anything else.
import './production-mode';
import { resolve } from 'node:path';
import { loadConfig, type Config } from './config';
import { ConfigError } from './config-values';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrationsFolder } from './db/migrate';
import { migrateSafely } from './backup/pre-migration';
import { restoreOutcome } from './cli/backup-commands';
import { openDatabase } from './db/open';
import { executeCommand, parseArgv, type AnyCommand, type CliOutcome } from './cli/execute';
import { handOff } from './cli/hand-off';
import { openSecrets } from './workers/start';

/** The server's own config (DATABASE_URL or else DATA_DIR …), or null with the reason printed. */
function readConfig(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`error: ${error.message}`);
    return null;
  }
}

/** The server may run in another folder: the files a command reads or writes, absolutely. */
const FILE_FLAG = /^--([a-z-]+-file|out|from)$/;
const absoluteFiles = (argv: string[]) =>
  argv.map((arg, i) => (i > 0 && FILE_FLAG.test(argv[i - 1] ?? '') ? resolve(arg) : arg));

/** Commands that read the database as it is: they never migrate it. */
const AS_IT_IS: ReadonlySet<string> = new Set(['backup', 'migrate:status']);

/** Opens the database itself, or hands the command to the server holding the data folder. */
async function execute(config: Config, command: AnyCommand, argv: string[]): Promise<CliOutcome> {
  let db;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return handOff(config.dataDir, absoluteFiles(argv)).catch((cause: unknown) => ({
      stdout: [],
      stderr: [
        `error: ${error.message} Its CLI socket did not answer: ` +
          `${cause instanceof Error ? cause.message : String(cause)}`,
      ],
      code: 1,
    }));
  }
  try {
    const migrated = AS_IT_IS.has(command.name)
      ? { backup: [], applied: [] }
      : await migrateSafely(db, config, { folder: migrationsFolder() });
    const applied = [
      ...migrated.backup,
      ...migrated.applied.map((name) => `applied migration ${name}`),
    ];
    const progress = process.stdout.isTTY ? (line: string) => console.log(line) : undefined;
    const notice = (line: string) => console.log(line);
    const context = { db, config, secrets: () => openSecrets(db, config), progress, notice };
    return await executeCommand(context, command, applied);
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArgv(argv);
  const config = 'code' in parsed ? null : readConfig();
  const outcome =
    'code' in parsed
      ? parsed
      : !config
        ? null
        : parsed.name === 'restore'
          ? await restoreOutcome(parsed, config)
          : await execute(config, parsed, argv);
  if (!outcome) return 2;
  for (const line of outcome.stdout) console.log(line);
  for (const line of outcome.stderr) console.error(line);
  return outcome.code;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error('error:', error instanceof Error ? error.message : error);
  return 1;
});
