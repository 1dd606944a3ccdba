import { badRequest } from '../http/errors';

// What a request names by address or id must exist in the workspace: the checks the settings
// share (teams, users' grants, alerts), each refusing with a message that lists what is missing.

/** The ids of `emails` (lower-cased) among the workspace's tracked mailboxes; 400 otherwise. */
export function trackedMailboxIds(
  emails: readonly string[],
  tracked: ReadonlyMap<string, number>,
): number[] {
  const untracked = emails.filter((email) => !tracked.has(email));
  if (untracked.length > 0) {
    throw badRequest(`These mailboxes are not tracked: ${untracked.join(', ')}.`);
  }
  return [...tracked.values()];
}

/** 400 unless every team of `ids` exists in the workspace (`existing`). */
export function requireTeams(ids: readonly number[], existing: ReadonlySet<number>): void {
  const missing = ids.filter((id) => !existing.has(id));
  if (missing.length > 0) throw badRequest(`These teams do not exist: ${missing.join(', ')}.`);
}
