// Operator CLI: npm run cli -- <command> [flags]  (see server/cli/parse.ts for the commands).
// Exit codes: 0 done, 2 invalid input or environment (nothing changed), 1 anything else.
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { DatabaseOptions } from './db/types';
import { executeCommand, parseArgv, type CliOutcome } from './cli/execute';
import { handOff } from './cli/hand-off';
import type { Command } from './cli/parse';

/** DATABASE_URL (PostgreSQL) or else DATA_DIR (PGlite), read by the server's own config. */
function databaseOptions(): DatabaseOptions | null {
  try {
    const { databaseUrl, dataDir } = loadConfig();
    return { databaseUrl, dataDir };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`error: ${error.message}`);
    return null;
  }
}

/** Opens the database itself, or hands the command to the server holding the data folder. */
async function execute(
  options: DatabaseOptions,
  command: Command,
  argv: string[],
): Promise<CliOutcome> {
  let db;
  try {
    db = await openDatabase(options);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return handOff(options.dataDir, argv).catch((cause: unknown) => ({
      stdout: [],
      stderr: [
        `error: ${error.message} Its CLI socket did not answer: ` +
          `${cause instanceof Error ? cause.message : String(cause)}`,
      ],
      code: 1,
    }));
  }
  try {
    const applied = (await migrate(db)).map((name) => `applied migration ${name}`);
    return await executeCommand(db, command, applied);
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArgv(argv);
  const options = 'code' in parsed ? null : databaseOptions();
  const outcome = 'code' in parsed ? parsed : options ? await execute(options, parsed, argv) : null;
  if (!outcome) return 2;
  for (const line of outcome.stdout) console.log(line);
  for (const line of outcome.stderr) console.error(line);
  return outcome.code;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error('error:', error instanceof Error ? error.message : error);
  return 1;
});
