import { parseArgs } from 'node:util';
import { CliInputError, workspaceId } from './flag-values';

// The audit log's command's flags, checked before the database opens.

export type AuditCommand = { name: 'audit:verify'; workspaceId: number };

export const AUDIT_USAGE = `Audit log:

  audit:verify   --workspace ID
                 walks the workspace's audit chain: prints "ok N entries", or the first entry
                 that does not match and exits 1`;

export const isAuditCommandName = (name: string | undefined): name is AuditCommand['name'] =>
  name === 'audit:verify';

export function parseAuditCommand(argv: readonly string[]): AuditCommand {
  const [name, ...args] = argv;
  if (!isAuditCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  try {
    const options = { workspace: { type: 'string' } } as const;
    const { values } = parseArgs({ args, options, strict: true, allowPositionals: false });
    return { name, workspaceId: workspaceId(values) };
  } catch (error) {
    if (error instanceof CliInputError) throw error;
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
}
