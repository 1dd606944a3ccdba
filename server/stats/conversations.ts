import { sql } from '../db/sql';
import type { Queryable } from '../db/types';
import { rulesOf, type Generation, type Rules } from './fact-sql';
import { subjectEdges } from './subject-fallback';

// Conversations (docs/statistics.md, definition 1): the messages of every tracked mailbox of a
// workspace joined by their Message-ID links (Message-ID, In-Reply-To, References, also through a
// referenced message no mailbox holds) and by the mailbox's own thread (the provider's, or the
// IMAP headers'). A conversation's key is the least key `mailbox id:thread key` of the mailbox
// threads it joins, so joining in steps (each sync batch) and at once (a rebuild) give one key.

/** The key a mailbox thread has as a conversation of its own. */
const threadSeed = sql`m.mailbox_id::text || ':' || m.thread_key`;

/** Message-ID links of a message row `m`. */
const linksOf = sql`array[m.message_id_header, m.in_reply_to] || m.references_ids`;

interface ThreadLinks {
  seed: string;
  keys: string[];
  links: string[];
}

/** Union-find over string nodes: each node's root, the least node of its component. */
function components(groups: readonly (readonly string[])[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (node: string): string => {
    let root = node;
    for (let up = parent.get(root); up !== undefined && up !== root; up = parent.get(root)) {
      root = up;
    }
    parent.set(node, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra < rb) parent.set(rb, ra);
    else if (rb < ra) parent.set(ra, rb);
  };
  for (const group of groups) {
    for (const node of group) if (!parent.has(node)) parent.set(node, node);
    for (const node of group.slice(1)) union(group[0]!, node);
  }
  return new Map([...parent.keys()].map((node) => [node, find(node)]));
}

/**
 * Joins some threads of one mailbox (a sync batch's) into the workspace's conversations, in the
 * batch's transaction. Returns every conversation key whose messages changed, those merged away
 * included, so that their facts are recomputed or removed.
 */
export async function joinConversations(
  tx: Queryable,
  of: Generation,
  mailboxId: number,
  threadKeys: readonly string[],
): Promise<string[]> {
  const { workspaceId } = of;
  const threads = await tx.query<ThreadLinks>(sql`
    select ${threadSeed} as seed,
           array_agg(distinct coalesce(m.conversation_key, ${threadSeed})) as keys,
           coalesce(array_agg(distinct l) filter (where l is not null), '{}') as links
      from messages m left join lateral unnest(${linksOf}) l on true
     where m.workspace_id = ${workspaceId} and m.mailbox_id = ${mailboxId}::int
       and m.thread_key = any(${threadKeys}::text[])
     group by m.mailbox_id, m.thread_key`);
  if (threads.length === 0) return [];
  const links = [...new Set(threads.flatMap((thread) => thread.links))];
  // Messages anywhere in the workspace that name one of the links or are named by one.
  const linked = await tx.query<{ key: string; links: string[] | null }>(sql`
    with wanted as materialized (select ${links}::text[] as ids),
    hits as (
      select m.conversation_key, ${threadSeed} as seed, ${linksOf} as own from messages m
       where m.workspace_id = ${workspaceId}
         and m.message_id_header = any((select ids from wanted)::text[])
      union all
      select m.conversation_key, ${threadSeed}, ${linksOf} from messages m
       where m.workspace_id = ${workspaceId}
         and m.in_reply_to = any((select ids from wanted)::text[])
      union all
      select m.conversation_key, ${threadSeed}, ${linksOf} from messages m
       where m.workspace_id = ${workspaceId} and m.references_ids && (select ids from wanted)
    )
    select coalesce(conversation_key, seed) as key,
           array_agg(distinct l) filter (where l = any((select ids from wanted)::text[])) as links
      from hits cross join lateral unnest(own) l
     group by 1`);
  // Nodes: conversation keys (`k:`) and links (`l:`); `k` sorts first, so a component's least
  // node is its least key.
  // The batch's own answers without links, and the answers without links sent before its requests.
  const rules = await rulesOf(tx, of);
  const bySubject = [
    ...(await subjectEdges(
      tx,
      of,
      rules,
      sql`c.mailbox_id = ${mailboxId}::int and c.thread_key = any(${threadKeys}::text[])`,
    )),
    ...(await laterAnswers(tx, of, rules, mailboxId, threadKeys)),
  ];
  const edges: string[][] = [
    ...threads.map((t) => [t.seed, ...t.keys].map(key).concat(t.links.map(link))),
    ...linked.map((row) => [key(row.key), ...(row.links ?? []).map(link)]),
    ...bySubject.map((edge) => [key(edge.own), key(edge.target)]),
  ];
  linked.push(
    ...bySubject.flatMap((edge) => [edge.own, edge.target].map((k) => ({ key: k, links: [] }))),
  );
  const roots = components(edges);
  return applyRoots(tx, workspaceId, mailboxId, threads, linked, roots);
}

/**
 * Answers without links stored before the batch's requests arrived (another mailbox synced
 * first), found by the requests' subjects through migration 0030's index.
 */
async function laterAnswers(
  tx: Queryable,
  of: Generation,
  rules: Rules,
  mailboxId: number,
  threadKeys: readonly string[],
) {
  const [row] = await tx.query<{ subjects: string[] | null }>(sql`
    select array_agg(distinct normalized_subject(q.subject)) as subjects from messages q
     where q.workspace_id = ${of.workspaceId} and q.mailbox_id = ${mailboxId}::int
       and q.thread_key = any(${threadKeys}::text[]) and q.direction = 'inbound'`);
  const subjects = (row?.subjects ?? []).filter((subject) => subject !== '');
  if (subjects.length === 0) return [];
  return subjectEdges(tx, of, rules, sql`normalized_subject(c.subject) = any(${subjects}::text[])`);
}

const key = (value: string) => `k:${value}`;
const link = (value: string) => `l:${value}`;

async function applyRoots(
  tx: Queryable,
  workspaceId: number,
  mailboxId: number,
  threads: readonly ThreadLinks[],
  linked: readonly { key: string }[],
  roots: Map<string, string>,
): Promise<string[]> {
  const rootOf = (value: string) => (roots.get(key(value)) ?? key(value)).slice(2);
  const keys = new Set<string>([
    ...threads.flatMap((thread) => [thread.seed, ...thread.keys]),
    ...linked.map((row) => row.key),
  ]);
  const moves = [...keys].filter((value) => rootOf(value) !== value);
  if (moves.length > 0) {
    await tx.query(sql`
      update messages m set conversation_key = x.root
        from unnest(${moves}::text[], ${moves.map(rootOf)}::text[]) as x(key, root)
       where m.workspace_id = ${workspaceId} and m.conversation_key = x.key`);
  }
  const seeds = threads.map((thread) => thread.seed);
  await tx.query(sql`
    update messages m set conversation_key = x.root
      from unnest(${seeds}::text[], ${seeds.map(rootOf)}::text[]) as x(seed, root)
     where m.workspace_id = ${workspaceId} and m.mailbox_id = ${mailboxId}::int
       and ${threadSeed} = x.seed and m.conversation_key is distinct from x.root`);
  return [...new Set([...keys, ...[...keys].map(rootOf)])];
}

/**
 * Joins every message of the workspace into its conversation at once (a rebuild), by label
 * propagation: each mailbox thread takes the least key of the threads it shares a link with,
 * until none changes (as many rounds as the longest chain of links, a handful).
 */
export async function joinAllConversations(tx: Queryable, of: Generation): Promise<void> {
  const { workspaceId } = of;
  await tx.query(sql`drop table if exists conversation_seeds, conversation_links`);
  await tx.query(sql`
    create temporary table conversation_seeds on commit drop as
    select distinct ${threadSeed} as seed, ${threadSeed} as key
      from messages m where m.workspace_id = ${workspaceId}`);
  await tx.query(sql`
    create temporary table conversation_links on commit drop as
    select distinct l as link, ${threadSeed} as seed
      from messages m cross join lateral unnest(${linksOf}) l
     where m.workspace_id = ${workspaceId} and l is not null`);
  await tx.query(sql`create index on conversation_seeds (seed)`);
  await tx.query(sql`create index on conversation_links (link)`);
  await tx.query(sql`create index on conversation_links (seed)`);
  await tx.query(sql`analyze conversation_seeds, conversation_links`);
  await propagate(tx, workspaceId);
  // The subject fallback reads the conversations joined by links; what it joins, joins again.
  const bySubject = await subjectEdges(tx, of, await rulesOf(tx, of), sql`true`);
  if (bySubject.length === 0) return;
  await tx.query(sql`
    insert into conversation_links (link, seed)
    select 'subject:' || e.seed, v.seed
      from unnest(${bySubject.map((e) => e.seed)}::text[], ${bySubject.map((e) => e.target)}::text[])
             as e(seed, target)
      cross join lateral (values (e.seed), (e.target)) as v(seed)`);
  await propagate(tx, workspaceId);
}

/** Label propagation to a fixed point, then each message takes its thread's key. */
async function propagate(tx: Queryable, workspaceId: number) {
  for (;;) {
    const changed = await tx.query<{ seed: string }>(sql`
      with by_link as (
          select l.link, min(s.key collate "C") as key
          from conversation_links l join conversation_seeds s on s.seed = l.seed group by l.link
      ), by_seed as (
        select l.seed, min(b.key collate "C") as key
          from conversation_links l join by_link b on b.link = l.link group by l.seed
      )
      update conversation_seeds s set key = b.key from by_seed b
       where b.seed = s.seed and b.key < s.key collate "C"
      returning s.seed`);
    if (changed.length === 0) break;
  }
  await tx.query(sql`
    update messages m set conversation_key = s.key
      from conversation_seeds s
     where m.workspace_id = ${workspaceId} and ${threadSeed} = s.seed
       and m.conversation_key is distinct from s.key`);
}
