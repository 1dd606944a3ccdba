// Operator CLI: npm run cli -- <command> [flags]  (see server/cli/parse.ts for the commands).
// Exit codes: 0 done, 2 invalid input or environment (nothing changed), 1 anything else.
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { DatabaseOptions, Db } from './db/types';
import { SecretsKeyError } from './mail/secrets';
import { runCommand } from './cli/commands';
import { CliInputError } from './cli/flag-values';
import { USAGE, parseCommand, type Command } from './cli/parse';
import { runMailCommand } from './cli/mail-commands';
import {
  MAIL_USAGE,
  isMailCommandName,
  parseMailCommand,
  type MailCommand,
} from './cli/mail-parse';
import { openSecrets } from './workers/start';

function parse(argv: string[]): Command | MailCommand | null {
  try {
    return isMailCommandName(argv[0]) ? parseMailCommand(argv) : parseCommand(argv);
  } catch (error) {
    if (!(error instanceof CliInputError)) throw error;
    console.error(`error: ${error.message}`);
    return null;
  }
}

/** The mail commands; a sync with --wait shows a progress line per mailbox on a terminal. */
async function mail(db: Db, command: MailCommand): Promise<number> {
  const config = loadConfig();
  const progress = process.stdout.isTTY ? (line: string) => console.log(line) : undefined;
  const result = await runMailCommand(command, {
    db,
    config,
    secrets: () => openSecrets(db, config),
    progress,
  });
  for (const line of result.lines) (result.exitCode === 0 ? console.log : console.error)(line);
  return result.exitCode;
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
    console.log(`${USAGE}\n\n${MAIL_USAGE}`);
    return 0;
  }
  const options = databaseOptions();
  if (!options) return 2;
  const db = await openDatabase(options);
  try {
    for (const name of await migrate(db)) console.log(`applied migration ${name}`);
    if (isMailCommandName(command.name)) return await mail(db, command as MailCommand);
    for (const line of await runCommand(db, command as Command)) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CliInputError) && !(error instanceof SecretsKeyError)) throw error;
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
