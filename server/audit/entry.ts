import { canonicalJson, sha256Hex, type Json } from './canonical';

/** Who acted: a user (signed in, or signing in), the operator CLI as an OS user, or a worker. */
export type Actor =
  | { kind: 'user'; userId: number | null; name: string }
  | { kind: 'cli' | 'system'; userId: null; name: string };

/** Where the request came from (null for the CLI and workers). */
export interface Client {
  address: string | null;
  userAgent: string | null;
}

export interface Target {
  type: string;
  id: string | null;
  name: string | null;
}

export type Fields = { [key: string]: Json };

/** An entry as its writer states it; the chain gives it its place, time and hashes. */
export interface NewEntry {
  workspaceId: number;
  actor: Actor;
  client: Client;
  operation: string;
  target: Target;
  before: Fields;
  after: Fields;
}

/** An entry as stored: its place in the workspace's chain, its time and both hashes. */
export interface StoredEntry extends NewEntry {
  seq: number;
  at: string;
  prevHash: string;
  hash: string;
}

/** The canonical JSON of an entry, which its hash covers (docs/audit.md), as its definition. */
export function canonicalEntryJson(entry: Omit<StoredEntry, 'hash'>): string {
  return canonicalJson({
    workspace_id: entry.workspaceId,
    seq: entry.seq,
    at: new Date(entry.at).toISOString(),
    actor: { kind: entry.actor.kind, user_id: entry.actor.userId, name: entry.actor.name },
    client: { address: entry.client.address, user_agent: entry.client.userAgent },
    operation: entry.operation,
    target: { type: entry.target.type, id: entry.target.id, name: entry.target.name },
    before: entry.before,
    after: entry.after,
    prev_hash: entry.prevHash,
  });
}

const str = (value: string | number | null | undefined) => JSON.stringify(value ?? null);

/** An entry before the chain places it: what the writer stated, with its time. */
type UnplacedEntry = Omit<StoredEntry, 'hash' | 'seq' | 'prevHash'>;

/**
 * The canonical JSON of an entry around its place in the chain: the text before `prev_hash`'s
 * value and the text after `seq`'s. The append statement puts the head's hash and next seq
 * between them and hashes the whole in SQL, so taking the head and storing the entry is one
 * statement (docs/audit.md).
 */
export function entryJsonAround(entry: UnplacedEntry): { before: string; after: string } {
  const { actor, client, target } = entry;
  return {
    before:
      `{"actor":{"kind":${str(actor.kind)},"name":${str(actor.name)},"user_id":${str(actor.userId)}},` +
      `"after":${canonicalJson(entry.after)},"at":${str(new Date(entry.at).toISOString())},` +
      `"before":${canonicalJson(entry.before)},` +
      `"client":{"address":${str(client.address)},"user_agent":${str(client.userAgent)}},` +
      `"operation":${str(entry.operation)},"prev_hash":`,
    after:
      `,"target":{"id":${str(target.id)},"name":${str(target.name)},"type":${str(target.type)}},` +
      `"workspace_id":${str(entry.workspaceId)}}`,
  };
}

/**
 * The same text as canonicalEntryJson, written out with its keys already in order: verification
 * hashes every entry, and sorting the same ten keys a million times was most of its work.
 * test/server/audit/audit-canonical.test.ts holds the two to the same output.
 */
export function entryJson(entry: Omit<StoredEntry, 'hash'>): string {
  const { before, after } = entryJsonAround(entry);
  return `${before}${str(entry.prevHash)},"seq":${str(entry.seq)}${after}`;
}

export const entryHash = (entry: Omit<StoredEntry, 'hash'>): string => sha256Hex(entryJson(entry));
