import type { Queryable } from '../db/types';
import type { Schemas } from '../contract/types';
import { domainOf, isEmail, NOT_AN_EMAIL } from '../../common/patterns';
import { findMailboxIds } from '../repos/mailboxes';
import { getWorkspace } from '../repos/workspaces';
import { foreignDomain, unknownToProvider } from '../mail/probe-reasons';
import type { DirectoryWorkspace, MailboxDirectory } from './directory';

type MailboxCheck = Schemas['WsMailboxCheck'];

const ALREADY_TRACKED = 'This mailbox is already being tracked';
const REPEATED = 'This address is repeated in the list';

interface Context {
  workspace: DirectoryWorkspace;
  allowedDomains: ReadonlySet<string>;
  tracked: ReadonlyMap<string, number>;
  directory: MailboxDirectory;
}

/** Why the (trimmed, lower-cased) address cannot be added, or null when it can. */
async function problemOf(email: string, seen: ReadonlySet<string>, ctx: Context) {
  if (!isEmail(email)) return NOT_AN_EMAIL;
  const domain = domainOf(email);
  if (!ctx.allowedDomains.has(domain)) return foreignDomain(domain);
  if (ctx.tracked.has(email)) return ALREADY_TRACKED;
  if (seen.has(email)) return REPEATED;
  if (ctx.directory.problem) return ctx.directory.problem(ctx.workspace, email);
  if (!(await ctx.directory.exists(ctx.workspace, email))) {
    return unknownToProvider(ctx.workspace.provider);
  }
  return null;
}

/**
 * Checks the addresses in the order given and hands each result to `emit` as soon as it is known,
 * so a slow provider look-up shows progress. Stops when `emit` returns false (the socket closed).
 */
export async function checkMailboxes(
  db: Queryable,
  workspaceId: number,
  directory: MailboxDirectory,
  addresses: readonly string[],
  emit: (check: MailboxCheck) => boolean,
): Promise<void> {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw new Error(`workspace ${workspaceId} is gone`);
  const emails = addresses.map((address) => address.trim().toLowerCase());
  const ctx: Context = {
    workspace: { workspaceId, provider: workspace.provider },
    allowedDomains: new Set(workspace.allowed_domains.map((domain) => domain.toLowerCase())),
    tracked: await findMailboxIds(db, workspaceId, emails.filter(isEmail)),
    directory,
  };
  const seen = new Set<string>();
  for (const email of emails) {
    const message = await problemOf(email, seen, ctx);
    seen.add(email);
    const check: MailboxCheck = { email, status: message ? 'ERROR' : 'OK', message: message ?? '' };
    if (!emit(check)) return;
  }
}
