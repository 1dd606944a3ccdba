// Operator CLI: npm run cli -- <command> [flags]  (see server/cli/parse.ts for the commands).
// Exit codes: 0 done, 2 invalid input or environment (nothing changed), 1 anything else.
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { DatabaseOptions } from './db/types';
import { runCommand } from './cli/commands';
import { CliInputError } from './cli/flag-values';
import { USAGE, parseCommand, type Command } from './cli/parse';

function parse(argv: string[]): Command | null {
  try {
    return parseCommand(argv);
  } catch (error) {
    if (!(error instanceof CliInputError)) throw error;
    console.error(`error: ${error.message}`);
    return null;
  }
}

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

async function main(argv: string[]): Promise<number> {
  const command = parse(argv);
  if (!command) return 2;
  if (command.name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const options = databaseOptions();
  if (!options) return 2;
  const db = await openDatabase(options);
  try {
    for (const name of await migrate(db)) console.log(`applied migration ${name}`);
    for (const line of await runCommand(db, command)) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CliInputError)) throw error;
    console.error(`error: ${error.message}`);
    return 2;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error('error:', error instanceof Error ? error.message : error);
  return 1;
});
