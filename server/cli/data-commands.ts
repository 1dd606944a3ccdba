import { sql } from '../db/sql';
import type { Db } from '../db/types';
import { dropRoleIn } from '../bi/role';
import { removeWorkspace } from '../repos/workspace-removal';
import { existing } from './commands';
import type { DataCommand } from './data-parse';
import { CliInputError } from './flag-values';

// workspace:delete, in one transaction: a refusal, or a failure half-way, removes nothing.

export async function runDataCommand(db: Db, command: DataCommand): Promise<string[]> {
  const { workspaceId, confirm } = command;
  return db.transaction(async (tx) => {
    const { client_name: name } = await existing(tx, workspaceId);
    if (confirm !== name) {
      throw new CliInputError(
        `--confirm: workspace ${workspaceId} is named "${name}"; give that name to delete it`,
      );
    }
    const roles = await tx.query<{ role_name: string }>(
      sql`select role_name from bi_roles where workspace_id = ${workspaceId} order by role_name`,
    );
    const rows = await removeWorkspace(tx, workspaceId);
    for (const { role_name: role } of roles) await dropRoleIn(tx, role);
    const dropped = roles.map((row) => row.role_name);
    return [
      `workspace ${workspaceId} (${name}) deleted: ${rows} rows` +
        (dropped.length > 0 ? `; BI role ${dropped.join(', ')} dropped` : ''),
    ];
  });
}
