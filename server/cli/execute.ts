import type { Db } from '../db/types';
import { runCommand } from './commands';
import { CliInputError } from './flag-values';
import { USAGE, parseCommand, type Command } from './parse';

// What a CLI run prints and its exit code, computed the same way whether the CLI opened the
// database itself or handed its arguments to the server holding the data folder.
// Exit codes: 0 done, 2 invalid input or environment (nothing changed), 1 anything else.

export interface CliOutcome {
  stdout: string[];
  stderr: string[];
  code: number;
}

const refused = (error: CliInputError): CliOutcome => ({
  stdout: [],
  stderr: [`error: ${error.message}`],
  code: 2,
});

/** A checked command, or the outcome when none needs the database (a bad flag, help). */
export function parseArgv(argv: string[]): Command | CliOutcome {
  try {
    const command = parseCommand(argv);
    return command.name === 'help' ? { stdout: [USAGE], stderr: [], code: 0 } : command;
  } catch (error) {
    if (error instanceof CliInputError) return refused(error);
    throw error;
  }
}

/** Runs a checked command in db; `before` holds lines already printed (applied migrations). */
export async function executeCommand(
  db: Db,
  command: Command,
  before: string[] = [],
): Promise<CliOutcome> {
  try {
    return { stdout: [...before, ...(await runCommand(db, command))], stderr: [], code: 0 };
  } catch (error) {
    if (error instanceof CliInputError) return { ...refused(error), stdout: before };
    throw error;
  }
}

/** The whole run from argv, as the server performs a handed-off command. */
export async function executeArgv(db: Db, argv: string[]): Promise<CliOutcome> {
  const parsed = parseArgv(argv);
  if ('code' in parsed) return parsed;
  try {
    return await executeCommand(db, parsed);
  } catch (error) {
    return {
      stdout: [],
      stderr: [`error: ${error instanceof Error ? error.message : String(error)}`],
      code: 1,
    };
  }
}
