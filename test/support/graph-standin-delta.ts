import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from './http-standin';
import type { GraphFolder } from './graph-standin-folders';
import { badSelect, graphError, type GraphMailbox, type StoredMessage } from './graph-standin-mail';

// How the Graph stand-in reads a folder's messages: message delta rounds and the plain list.
//
// Delta, as "Get incremental changes to messages in a folder" documents it
// (https://learn.microsoft.com/graph/delta-query-messages) and "Use delta query to track changes
// in Microsoft Graph data" (https://learn.microsoft.com/graph/delta-query-overview):
// - a round is pages of `Prefer: odata.maxpagesize`, `@odata.nextLink` while it runs and
//   `@odata.deltaLink` at its end; the round's query (`$select`, `$filter`) lives in the tokens;
// - "The only supported $filter expressions are receivedDateTime ge|gt {value}", and "applying
//   $filter in a delta query returns only up to 5,000 messages"; the only $orderby is
//   `receivedDateTime desc`, and without it "the return order isn't guaranteed";
// - a later round has what changed since: a message new to the folder (moved in, too) in full,
//   an updated one as its id "with at least the properties that have been updated", one gone
//   (moved out, deleted) as its id and `@removed`; "replays … the same change appears in
//   subsequent responses" happen (`mailbox.replay`);
// - an expired token answers "a 40X-series error with error codes such as syncStateNotFound",
//   or 410 with a Location to start again ("Synchronization reset").
//
// The list (`/messages`, https://learn.microsoft.com/graph/api/user-list-messages): `$top` of 1
// to 1,000, `$skip` in the next link, pages shorter than `$top` where the server pages
// (`mailbox.serverPageSizes`), and "properties that appear in $orderby must also appear in
// $filter", first, or 400 InefficientFilter.

export const SELECTABLE = new Set([
  'id',
  'conversationId',
  'internetMessageId',
  'receivedDateTime',
  'sentDateTime',
  'from',
  'sender',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'subject',
  'categories',
  'internetMessageHeaders',
  'replyTo',
  'isRead',
  'isDraft',
  'parentFolderId',
  'body',
  'bodyPreview',
  'hasAttachments',
]);

/** Graph caps a filtered delta at this many messages. */
export const FILTERED_DELTA_CAP = 5000;

interface RoundState {
  generation: number;
  folderId: string;
  /** Changes after this counter value belong to the round (0: the first round, in full)… */
  after: number;
  /** …up to this one, the counter when the round began. */
  upTo: number;
  filter: string | null;
  orderby: string | null;
  select: string[];
  offset: number;
}

interface Item {
  message: StoredMessage;
  kind: 'created' | 'updated' | 'removed';
  props: string[];
}

/** `Prefer: odata.maxpagesize=N` and `IdType="ImmutableId"`, in one header or several. */
export function readPrefer(headers: IncomingHttpHeaders) {
  const raw = ([] as string[]).concat(headers.prefer ?? []).join(',');
  const size = /odata\.maxpagesize=(\d+)/.exec(raw)?.[1];
  return {
    maxPageSize: size ? Number(size) : null,
    immutable: /IdType\s*=\s*"ImmutableId"/i.test(raw),
  };
}

const encode = (state: RoundState) => Buffer.from(JSON.stringify(state)).toString('base64url');
const decode = (token: string): RoundState | null => {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString()) as RoundState;
  } catch {
    return null;
  }
};

type Test = (received: number) => boolean;
const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  ge: (a, b) => a >= b,
  gt: (a, b) => a > b,
  le: (a, b) => a <= b,
  lt: (a, b) => a < b,
};

/** `receivedDateTime <op> <ISO>` joined by `and`; null when the filter is anything else. */
function parseFilter(filter: string | null, ops: readonly string[]): Test | null {
  if (filter === null) return () => true;
  const tests: Test[] = [];
  for (const clause of filter.trim().split(/\s+and\s+/i)) {
    const match = /^receivedDateTime (\w+) (\S+)$/.exec(clause.trim());
    const at = Date.parse(match?.[2] ?? '');
    const compare = match && ops.includes(match[1] ?? '') ? COMPARE[match[1] ?? ''] : undefined;
    if (!compare || Number.isNaN(at)) return null;
    tests.push((received) => compare(received, at));
  }
  return (received) => tests.every((test) => test(received));
}

export const badFilter = () =>
  graphError(
    400,
    'ErrorInvalidUrlQueryFilter',
    'The query filter contains one or more invalid nodes.',
  );

const received = (message: StoredMessage) => Date.parse(String(message.fields.receivedDateTime));
const newestFirst = (a: StoredMessage, b: StoredMessage) => received(b) - received(a);

function round(mailbox: GraphMailbox, state: RoundState): Item[] {
  const matches = parseFilter(state.filter, ['ge', 'gt']) ?? (() => true);
  const inRange = (m: StoredMessage) => matches(received(m));
  let items: Item[];
  if (state.after === 0) {
    // The folder as it was when the round began.
    const here = [...mailbox.messages.values()].filter(
      (m) => mailbox.folderAt(m, state.upTo) === state.folderId && inRange(m),
    );
    if (state.orderby) here.sort(newestFirst);
    items = here.map((message) => ({ message, kind: 'created', props: [] }));
  } else {
    items = [...mailbox.messages.values()].flatMap((message): Item[] => {
      const within = (at: number) => at > state.after && at <= state.upTo;
      const wasIn = mailbox.folderAt(message, state.after) === state.folderId;
      const isIn = mailbox.folderAt(message, state.upTo) === state.folderId;
      const moved = message.places.some((place) => within(place.at));
      const props = [
        ...new Set(message.updates.filter((u) => within(u.at)).flatMap((u) => u.props)),
      ];
      if (!inRange(message) || (!moved && props.length === 0)) return [];
      if (isIn && !wasIn) return [{ message, kind: 'created', props: [] }];
      if (isIn && props.length > 0) return [{ message, kind: 'updated', props }];
      if (!isIn && wasIn) return [{ message, kind: 'removed', props: [] }];
      return [];
    });
  }
  return state.filter === null ? items : items.slice(0, FILTERED_DELTA_CAP);
}

function itemOf(mailbox: GraphMailbox, item: Item, state: RoundState, immutable: boolean) {
  const { message } = item;
  if (item.kind === 'removed') {
    // The id the client knew: the regular one it had in this folder.
    const moves = message.places.filter((place) => place.at <= state.after).length - 1;
    const id = immutable ? message.immutableId : mailbox.regularId(message, moves);
    return { '@odata.type': '#microsoft.graph.message', id, '@removed': { reason: 'deleted' } };
  }
  if (item.kind === 'created') return mailbox.represent(message, state.select, immutable);
  const wanted =
    state.select.length > 0 ? item.props.filter((p) => state.select.includes(p)) : item.props;
  return mailbox.represent(message, state.select, immutable, wanted);
}

/** The state a delta request names: from its token, or a new first round from its query. */
function stateOf(mailbox: GraphMailbox, folder: GraphFolder, query: URLSearchParams) {
  const token = query.get('$skiptoken') ?? query.get('$deltatoken');
  if (token !== null) {
    const decoded = decode(token);
    if (!decoded || decoded.folderId !== folder.id) {
      return graphError(400, 'ErrorInvalidUrlQuery', 'Invalid state token');
    }
    if (decoded.generation !== mailbox.generation) return 'expired';
    if (!query.has('$deltatoken')) return decoded;
    // A delta token starts the next round where the last one ended (or replays it).
    const after = mailbox.replay ? decoded.after || decoded.upTo : decoded.upTo;
    return { ...decoded, after, upTo: mailbox.changes, offset: 0, orderby: null };
  }
  const select = (query.get('$select') ?? '').split(',').filter(Boolean);
  const unknown = select.find((field) => !SELECTABLE.has(field));
  if (unknown) return badSelect(unknown);
  const filter = query.get('$filter');
  if (parseFilter(filter, ['ge', 'gt']) === null) return badFilter();
  const orderby = query.get('$orderby');
  if (orderby !== null && orderby.trim() !== 'receivedDateTime desc') {
    return graphError(400, 'ErrorInvalidUrlQuery', `The $orderby '${orderby}' is not supported.`);
  }
  return {
    generation: mailbox.generation,
    folderId: folder.id,
    after: 0,
    upTo: mailbox.changes,
    filter,
    orderby,
    select,
    offset: 0,
  };
}

export function delta(
  mailbox: GraphMailbox,
  folder: GraphFolder,
  request: { query: URLSearchParams; headers: IncomingHttpHeaders },
  linkBase: string,
): Reply {
  const state = stateOf(mailbox, folder, request.query);
  const link = `${linkBase}/v1.0/users/${encodeURIComponent(mailbox.email)}/mailFolders/${folder.id}/messages/delta`;
  if (state === 'expired') {
    const { status, code } = mailbox.expiredAnswer;
    const reply = graphError(status, code, 'The sync state generation is not valid.');
    return status === 410 ? { ...reply, headers: { location: `${link}?$deltatoken=` } } : reply;
  }
  if ('status' in state) return state;
  const prefer = readPrefer(request.headers);
  const size = prefer.maxPageSize ?? 10;
  const items = round(mailbox, state);
  const page = items.slice(state.offset, state.offset + size);
  const more = state.offset + size < items.length;
  const next = more
    ? {
        '@odata.nextLink': `${link}?$skiptoken=${encode({ ...state, offset: state.offset + size })}`,
      }
    : { '@odata.deltaLink': `${link}?$deltatoken=${encode({ ...state, offset: 0 })}` };
  const value = page.map((item) => itemOf(mailbox, item, state, prefer.immutable));
  return { status: 200, body: { '@odata.context': 'standin', value, ...next } };
}

/** GET …/mailFolders/{id}/messages: the folder's messages, a page at a time. */
export function listMessages(
  mailbox: GraphMailbox,
  folder: GraphFolder,
  request: { query: URLSearchParams; headers: IncomingHttpHeaders },
  linkBase: string,
): Reply {
  const { query } = request;
  const top = Number(query.get('$top') ?? 10);
  const skip = Number(query.get('$skip') ?? 0);
  if (!Number.isInteger(top) || top < 1 || top > 1000 || !Number.isInteger(skip) || skip < 0) {
    return graphError(400, 'ErrorInvalidUrlQuery', 'The value of $top must be between 1 and 1000.');
  }
  const select = (query.get('$select') ?? '').split(',').filter(Boolean);
  const unknown = select.find((field) => !SELECTABLE.has(field));
  if (unknown) return badSelect(unknown);
  const filter = query.get('$filter');
  const matches = parseFilter(filter, ['ge', 'gt', 'le', 'lt']);
  if (!matches) return badFilter();
  const orderby = /^receivedDateTime (asc|desc)$/.exec(
    (query.get('$orderby') ?? 'receivedDateTime desc').trim(),
  );
  if (!orderby) return graphError(400, 'ErrorInvalidUrlQuery', 'Unsupported $orderby.');
  if (query.has('$orderby') && filter !== null && !filter.trim().startsWith('receivedDateTime')) {
    return graphError(
      400,
      'InefficientFilter',
      'The restriction or sort order is too complex for this operation.',
    );
  }
  const items = mailbox
    .inFolder(folder.id)
    .filter((m) => matches(received(m)))
    .sort(newestFirst);
  if (orderby[1] === 'asc') items.reverse();
  const { immutable } = readPrefer(request.headers);
  const size = Math.min(top, mailbox.serverPageSizes.get(folder.id)?.shift() ?? top);
  const value = items.slice(skip, skip + size).map((m) => mailbox.represent(m, select, immutable));
  const more = skip + size < items.length;
  const nextQuery = new URLSearchParams(query);
  nextQuery.set('$skip', String(skip + size));
  const link = `${linkBase}/v1.0/users/${encodeURIComponent(mailbox.email)}/mailFolders/${folder.id}/messages`;
  return {
    status: 200,
    body: {
      '@odata.context': 'standin',
      value,
      ...(more ? { '@odata.nextLink': `${link}?${nextQuery}` } : {}),
    },
  };
}
