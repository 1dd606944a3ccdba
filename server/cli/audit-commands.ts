import type { Db } from '../db/types';
import { entriesFrom } from '../repos/audit';
import { getWorkspace } from '../repos/workspaces';
import { verifyChain } from '../audit/verify';
import { CliInputError } from './flag-values';
import type { AuditCommand } from './audit-parse';

/** `audit:verify`: "ok N entries" (exit 0), or the first entry that does not match (exit 1). */
export async function runAuditCommand(
  db: Db,
  command: AuditCommand,
): Promise<{ lines: string[]; code: number }> {
  if (!(await getWorkspace(db, command.workspaceId))) {
    throw new CliInputError(`--workspace ${command.workspaceId}: no such workspace`);
  }
  const verdict = await verifyChain(db, command.workspaceId);
  if (verdict.ok) return { lines: [`ok ${verdict.entries} entries`], code: 0 };
  const [row] = await entriesFrom(db, command.workspaceId, verdict.seq, 1);
  const what = row
    ? ` (${new Date(row.at).toISOString()} ${row.operation} by ${row.actor_name})`
    : '';
  return { lines: [`entry ${verdict.seq}${what} does not match: ${verdict.problem}`], code: 1 };
}
