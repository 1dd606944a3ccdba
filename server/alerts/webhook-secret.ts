import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { sql } from '../db/sql';

// Each workspace signs its alert webhooks with its own secret, made on first use. The API never
// returns it; the operator reads or rotates it with `alerts:secret`.

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The workspace's secret, made now if it has none. */
export async function webhookSecret(q: Queryable, workspaceId: number): Promise<string> {
  await q.query(sql`insert into alert_webhook_secrets (workspace_id, secret) values (${workspaceId}, ${newSecret()})
     on conflict (workspace_id) do nothing`);
  const [row] = await q.query<{ secret: string }>(
    sql`select secret from alert_webhook_secrets where workspace_id = ${workspaceId}`,
  );
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  return row.secret;
}

/** Replaces the workspace's secret; webhooks sent from now on are signed with the new one. */
export async function rotateWebhookSecret(q: Queryable, workspaceId: number): Promise<string> {
  const secret = newSecret();
  await q.query(sql`insert into alert_webhook_secrets (workspace_id, secret) values (${workspaceId}, ${secret})
     on conflict (workspace_id) do update set secret = excluded.secret, created_at = now()`);
  return secret;
}

/** `sha256=<hex>` of HMAC-SHA256 over `timestamp + "." + body`. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
