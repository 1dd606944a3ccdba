import type { Config } from '../config';
import type { Db } from '../db/types';
import { SecretsKeyError, type Secrets } from '../mail/secrets';
import { runCommand } from './commands';
import { runAuditCommand } from './audit-commands';
import { recordCommand } from './audit-recording';
import {
  AUDIT_USAGE,
  isAuditCommandName,
  parseAuditCommand,
  type AuditCommand,
} from './audit-parse';
import { runBackupCommand } from './backup-commands';
import {
  BACKUP_USAGE,
  isBackupCommandName,
  parseBackupCommand,
  type BackupCommand,
} from './backup-parse';
import { runBiCommand } from './bi-commands';
import { BI_USAGE, isBiCommandName, parseBiCommand, type BiCommand } from './bi-parse';
import { runDataCommand } from './data-commands';
import { DATA_USAGE, isDataCommandName, parseDataCommand, type DataCommand } from './data-parse';
import { CliInputError } from './flag-values';
import { runHolidayCommand } from './holiday-commands';
import {
  HOLIDAY_USAGE,
  isHolidayCommandName,
  parseHolidayCommand,
  type HolidayCommand,
} from './holiday-parse';
import { runMailCommand } from './mail-commands';
import { MAIL_USAGE, isMailCommandName, parseMailCommand, type MailCommand } from './mail-parse';
import { USAGE, parseCommand, type Command } from './parse';
import { runReportCommand } from './report-commands';
import { runSignInCommand } from './sign-in-commands';
import {
  SIGN_IN_USAGE,
  isSignInCommandName,
  parseSignInCommand,
  type SignInCommand,
} from './sign-in-parse';
import {
  REPORT_USAGE,
  isReportCommandName,
  parseReportCommand,
  type ReportCommand,
} from './report-parse';

// What a CLI run prints and its exit code, computed the same way whether the CLI opened the
// database itself or handed its arguments to the server holding the data folder.
// Exit codes: 0 done, 2 invalid input or environment (nothing changed), 1 anything else.

export interface CliOutcome {
  stdout: string[];
  stderr: string[];
  code: number;
}

/** Where a command runs: the CLI's own database and config, or the server's. */
export interface CliContext {
  db: Db;
  config: Config;
  /** Opened only by the commands that seal a secret or sync. */
  secrets: () => Promise<Secrets>;
  /** Progress lines of `mail:sync --wait` on a terminal. */
  progress?: (line: string) => void;
  /** Lines printed at once whatever the output (`mail:sync --wait` waiting for a lease). */
  notice?: (line: string) => void;
}

export type AnyCommand =
  | Command
  | MailCommand
  | BiCommand
  | HolidayCommand
  | ReportCommand
  | AuditCommand
  | SignInCommand
  | BackupCommand
  | DataCommand;

const isMail = (command: AnyCommand): command is MailCommand => isMailCommandName(command.name);
const isHoliday = (command: AnyCommand): command is HolidayCommand =>
  isHolidayCommandName(command.name);
const isReport = (command: AnyCommand): command is ReportCommand =>
  isReportCommandName(command.name);
const isSignIn = (command: AnyCommand): command is SignInCommand =>
  isSignInCommandName(command.name);
const isBackup = (command: AnyCommand): command is BackupCommand =>
  isBackupCommandName(command.name);
const isData = (command: AnyCommand): command is DataCommand => isDataCommandName(command.name);

const refused = (error: Error): CliOutcome => ({
  stdout: [],
  stderr: [`error: ${error.message}`],
  code: 2,
});

/** A checked command, or the outcome when none needs the database (a bad flag, help). */
export function parseArgv(argv: string[]): AnyCommand | CliOutcome {
  try {
    if (isMailCommandName(argv[0])) return parseMailCommand(argv);
    if (isBiCommandName(argv[0])) return parseBiCommand(argv);
    if (isHolidayCommandName(argv[0])) return parseHolidayCommand(argv);
    if (isReportCommandName(argv[0])) return parseReportCommand(argv);
    if (isAuditCommandName(argv[0])) return parseAuditCommand(argv);
    if (isSignInCommandName(argv[0])) return parseSignInCommand(argv);
    if (isBackupCommandName(argv[0])) return parseBackupCommand(argv);
    if (isDataCommandName(argv[0])) return parseDataCommand(argv);
    const command = parseCommand(argv);
    return command.name === 'help'
      ? {
          stdout: [
            `${USAGE}\n\n${SIGN_IN_USAGE}\n\n${MAIL_USAGE}\n\n${BI_USAGE}\n\n${HOLIDAY_USAGE}\n\n${REPORT_USAGE}\n\n${AUDIT_USAGE}\n\n${BACKUP_USAGE}\n\n${DATA_USAGE}`,
          ],
          stderr: [],
          code: 0,
        }
      : command;
  } catch (error) {
    if (error instanceof CliInputError) return refused(error);
    throw error;
  }
}

async function run(context: CliContext, command: AnyCommand): Promise<CliOutcome> {
  if (command.name === 'bi:role')
    return { stdout: await runBiCommand(command, context), stderr: [], code: 0 };
  if (isHoliday(command))
    return { stdout: await runHolidayCommand(context.db, command), stderr: [], code: 0 };
  if (isReport(command))
    return { stdout: await runReportCommand(command, context), stderr: [], code: 0 };
  if (isBackup(command))
    return { stdout: await runBackupCommand(command, context), stderr: [], code: 0 };
  if (isSignIn(command))
    return { stdout: await runSignInCommand(context.db, command), stderr: [], code: 0 };
  if (isData(command))
    return { stdout: await runDataCommand(context.db, command), stderr: [], code: 0 };
  if (command.name === 'audit:verify') {
    const { lines, code } = await runAuditCommand(context.db, command);
    return { stdout: lines, stderr: [], code };
  }
  if (!isMail(command))
    return { stdout: await runCommand(context.db, command), stderr: [], code: 0 };
  const result = await runMailCommand(command, context);
  return result.exitCode === 0
    ? { stdout: result.lines, stderr: [], code: 0 }
    : { stdout: [], stderr: result.lines, code: result.exitCode };
}

/** Runs a checked command; `before` holds lines already printed (applied migrations). */
export async function executeCommand(
  context: CliContext,
  command: AnyCommand,
  before: string[] = [],
): Promise<CliOutcome> {
  try {
    const recording = recordCommand(context.db, command);
    const outcome = await run({ ...context, db: recording.db }, command);
    if (outcome.code === 0) await recording.finish();
    return { ...outcome, stdout: [...before, ...outcome.stdout] };
  } catch (error) {
    if (error instanceof CliInputError || error instanceof SecretsKeyError) {
      return { ...refused(error), stdout: before };
    }
    throw error;
  }
}

/** The whole run from argv, as the server performs a handed-off command. */
export async function executeArgv(context: CliContext, argv: string[]): Promise<CliOutcome> {
  const parsed = parseArgv(argv);
  if ('code' in parsed) return parsed;
  try {
    return await executeCommand(context, parsed);
  } catch (error) {
    return {
      stdout: [],
      stderr: [`error: ${error instanceof Error ? error.message : String(error)}`],
      code: 1,
    };
  }
}
