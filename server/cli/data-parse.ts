import { parseArgs } from 'node:util';
import { CliInputError, required, workspaceId, type Flags } from './flag-values';

// The commands that take a workspace's data away, checked before the database opens
// (docs/operations.md, "Removing data").

export type DataCommand = { name: 'workspace:delete'; workspaceId: number; confirm: string };

export const DATA_USAGE = `Removing data:

  workspace:delete --workspace ID --confirm NAME
                 removes the workspace and every row of it (users and their sessions, which
                 end at once, mailboxes and their mail, figures, settings, the audit log) and
                 its BI role; NAME is the workspace's name as workspace:list shows it`;

export const isDataCommandName = (name: string | undefined): name is DataCommand['name'] =>
  name === 'workspace:delete';

export function parseDataCommand(argv: readonly string[]): DataCommand {
  const [name, ...args] = argv;
  if (!isDataCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  let flags: Flags;
  try {
    const options = { workspace: { type: 'string' }, confirm: { type: 'string' } } as const;
    flags = parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
  return { name, workspaceId: workspaceId(flags), confirm: required(flags, 'confirm') };
}
