/**
 * The operator CLI (`npm run cli -- …`), run in-process on a stopped server's PGlite folder: the
 * same parsing and the same commands, without a child process per command.
 */
import { runCommand } from '../../../server/cli/commands';
import { parseCommand } from '../../../server/cli/parse';
import { runSignInCommand } from '../../../server/cli/sign-in-commands';
import { isSignInCommandName, parseSignInCommand } from '../../../server/cli/sign-in-parse';
import { openDatabase } from '../../../server/db/open';

/** The seeded demo workspace, Acme. */
export const ACME = '1';

/** Runs each argument list as `npm run cli -- <args>` would; returns the lines it printed. */
export async function runCli(dataDir: string, commands: readonly string[][]): Promise<string[]> {
  const db = await openDatabase({ dataDir });
  try {
    const lines: string[] = [];
    for (const argv of commands) {
      const run = isSignInCommandName(argv[0])
        ? runSignInCommand(db, parseSignInCommand(argv))
        : runCommand(db, parseCommand(argv));
      lines.push(...(await run));
    }
    return lines;
  } finally {
    await db.close();
  }
}

export const featureSet = (feature: string, flags: { enabled?: boolean; readOnly?: boolean }) => [
  'feature:set',
  '--workspace',
  ACME,
  '--feature',
  feature,
  ...(flags.enabled === undefined ? [] : ['--enabled', String(flags.enabled)]),
  ...(flags.readOnly === undefined ? [] : ['--read-only', String(flags.readOnly)]),
];
