import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from './http-standin';
import { badFilter, readPrefer, SELECTABLE } from './graph-standin-delta';
import { badSelect, type GraphMailbox } from './graph-standin-mail';

// GET /users/{upn}/messages with `$filter=internetMessageId eq '…'`: every copy of one message in
// the mailbox, whatever its folder ("List messages": "the messages in the signed-in user's
// mailbox (including the Deleted Items and Clutter folders)",
// https://learn.microsoft.com/graph/api/user-list-messages; internetMessageId is a property of
// the message resource, https://learn.microsoft.com/graph/api/resources/message). A copy made by
// "Copy message" or delivered twice is an item of its own, with its own id and the same
// internetMessageId. OData writes a quote inside a string literal as two.

const BY_MESSAGE_ID = /^internetMessageId eq '((?:[^']|'')*)'$/;

export function messagesByInternetId(
  mailbox: GraphMailbox,
  request: { query: URLSearchParams; headers: IncomingHttpHeaders },
): Reply {
  const match = BY_MESSAGE_ID.exec((request.query.get('$filter') ?? '').trim());
  if (!match) return badFilter();
  const wanted = (match[1] ?? '').replaceAll("''", "'");
  const select = (request.query.get('$select') ?? '').split(',').filter(Boolean);
  const unknown = select.find((field) => !SELECTABLE.has(field));
  if (unknown) return badSelect(unknown);
  const { immutable } = readPrefer(request.headers);
  const value = [...mailbox.messages.values()]
    .filter((m) => mailbox.folderAt(m) !== null && m.fields.internetMessageId === wanted)
    .map((m) => mailbox.represent(m, select, immutable));
  return { status: 200, body: { '@odata.context': 'standin', value } };
}
