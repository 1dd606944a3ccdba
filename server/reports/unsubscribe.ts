import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { MAX_PG_INTEGER } from '../../common/limits';

// The unsubscribe link of a report email (RFC 8058 one-click, and the footer link): it must work
// without a session, so it carries its own proof. The token names one subscription and is an
// HMAC under the workspace's report secret over a purpose string, so it can end that
// subscription and do nothing else: it is no sign-in, and another subscription's id in it
// breaks the signature.

const PURPOSE = 'mailpulse-report-unsubscribe-v1';
const TOKEN = /^v1\.(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const newSecret = () => randomBytes(32).toString('base64url');

/** The workspace's report secret, made now if it has none. */
async function reportSecret(q: Queryable, workspaceId: number): Promise<string> {
  await q.query(sql`
    insert into report_secrets (workspace_id, secret) values (${workspaceId}, ${newSecret()})
    on conflict (workspace_id) do nothing`);
  const [row] = await q.query<{ secret: string }>(
    sql`select secret from report_secrets where workspace_id = ${workspaceId}`,
  );
  if (!row) throw new Error(`workspace ${workspaceId} does not exist`);
  return row.secret;
}

const mac = (secret: string, workspaceId: number, subscriptionId: number) =>
  createHmac('sha256', secret)
    .update(`${PURPOSE}:${workspaceId}:${subscriptionId}`)
    .digest('base64url');

/** The token of one subscription's unsubscribe link. */
export async function unsubscribeToken(
  q: Queryable,
  workspaceId: number,
  subscriptionId: number,
): Promise<string> {
  const secret = await reportSecret(q, workspaceId);
  return `v1.${workspaceId}.${subscriptionId}.${mac(secret, workspaceId, subscriptionId)}`;
}

/** The link itself, on the portal's public address. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  new URL(`/portal/reports/unsubscribe/${token}`, publicUrl).toString();

export interface UnsubscribeTarget {
  workspaceId: number;
  subscriptionId: number;
}

/** The subscription a token names, or null when it is malformed or its signature is wrong. */
export async function verifyUnsubscribeToken(
  q: Queryable,
  token: string,
): Promise<UnsubscribeTarget | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const workspaceId = Number(match[1]);
  const subscriptionId = Number(match[2]);
  if (workspaceId > MAX_PG_INTEGER || subscriptionId > MAX_PG_INTEGER) return null;
  const [row] = await q.query<{ secret: string }>(
    sql`select secret from report_secrets where workspace_id = ${workspaceId}`,
  );
  if (!row) return null;
  const given = Buffer.from(match[3] ?? '');
  const expected = Buffer.from(mac(row.secret, workspaceId, subscriptionId));
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { workspaceId, subscriptionId }
    : null;
}
