import { parseArgs } from 'node:util';
import { CliInputError, workspaceId } from './flag-values';

// The BI platform command's flags, checked before the database opens.

export interface BiCommand {
  name: 'bi:role';
  workspaceId: number;
  /** The PostgreSQL role: mailpulse_bi_<workspace> unless --role names another. */
  role: string;
  drop: boolean;
}

export const BI_USAGE = `BI platforms (PostgreSQL only):

  bi:role        --workspace ID [--role NAME] [--drop]
                 creates the read-only login role of the workspace's BI views (default
                 mailpulse_bi_ID), or gives it a new password, and prints the password once;
                 --drop removes the role`;

export const isBiCommandName = (name: string | undefined): name is BiCommand['name'] =>
  name === 'bi:role';

// An unquoted PostgreSQL identifier (at most 63 bytes); pg_ names are reserved for the system.
const ROLE = /^(?!pg_)[a-z_][a-z0-9_]{0,62}$/;

export function parseBiCommand(argv: readonly string[]): BiCommand {
  const [name, ...args] = argv;
  if (!isBiCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  let values: { workspace?: string; role?: string; drop?: boolean };
  try {
    values = parseArgs({
      args,
      options: {
        workspace: { type: 'string' },
        role: { type: 'string' },
        drop: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
  const id = workspaceId({ workspace: values.workspace });
  const role = values.role?.trim() ?? `mailpulse_bi_${id}`;
  if (!ROLE.test(role)) {
    throw new CliInputError(
      `--role must be lower-case letters, digits and _ (not starting with a digit or pg_), ` +
        `at most 63 characters, got "${role}"`,
    );
  }
  return { name, workspaceId: id, role, drop: values.drop === true };
}
