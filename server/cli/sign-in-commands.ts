import type { Db } from '../db/types';
import { operatorCaller } from '../audit/caller';
import { revokeSessions } from '../audit/sessions';
import { unbindOidcIdentity } from '../repos/sign-in';
import { setSignInTrust } from '../repos/workspaces';
import { changes, existing } from './commands';
import { CliInputError } from './flag-values';
import type { SignInCommand } from './sign-in-parse';

// workspace:set and user:unbind, each in one transaction: a refusal changes nothing.

const listed = (tenants: string[]) => (tenants.length > 0 ? tenants.join(',') : null);

export async function runSignInCommand(db: Db, command: SignInCommand): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { workspaceId } = command;
    const before = await existing(tx, workspaceId);
    if (command.name === 'workspace:set') {
      const after = await setSignInTrust(tx, workspaceId, command.trust);
      if (!after) throw new Error(`workspace ${workspaceId} vanished`);
      const shown = (row: typeof after) => ({
        microsoft_tenants: listed(row.microsoft_tenants),
        google_workspace_domain: row.google_workspace_domain,
      });
      return changes(`workspace ${workspaceId}:`, shown(before), shown(after), [
        'microsoft_tenants',
        'google_workspace_domain',
      ]);
    }
    const freed = await unbindOidcIdentity(tx, workspaceId, command.email);
    if (!freed) {
      throw new CliInputError(`--email ${command.email}: no such user in workspace ${workspaceId}`);
    }
    if (freed.oidc_object_id === null) {
      throw new CliInputError(`--email ${command.email}: no Microsoft account is bound to it`);
    }
    // Whoever signed in with the freed account keeps no session of this user.
    const user = [{ id: freed.user_id, email: command.email }];
    await revokeSessions(tx, workspaceId, user, 'Microsoft account unbound', operatorCaller());
    return [
      `workspace ${workspaceId}: ${command.email} unbound from Microsoft account ` +
        `${freed.oidc_object_id} of tenant ${freed.oidc_tenant_id}`,
    ];
  });
}
