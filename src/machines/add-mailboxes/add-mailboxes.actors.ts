import type { MailboxCheck, WsClientMessage, WsServerMessage } from '@/api/types';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { expectData, type ApiClient } from '@/api/client';
import { readToken } from '@/api/session-store';

/** What the validation socket tells the machine. */
export type ValidationSocketEvent =
  /** The server accepted the token; the addresses are on their way. */
  | { type: 'SOCKET_READY' }
  | { type: 'SOCKET_RESULT'; check: MailboxCheck }
  /** The server refused the connection or the check (its `error` message). */
  | { type: 'SOCKET_FAILED'; message: string }
  /** The connection ended without the server saying why (network, restart, proxy). */
  | { type: 'SOCKET_CLOSED' };

export interface ValidationSocketInput {
  /** The addresses still without a result, in the order they were submitted. */
  addresses: readonly string[];
}

export interface CreateMailboxesInput {
  emails: string[];
  /** `YYYY-MM-DD`: mail from this day on is synced. */
  dataFrom: string;
}

const MAILBOX_VALIDATION_PATH = '/portal/ws/mailbox-validation';
/** The contract's `maxItems` for one check_mailboxes command: longer lists go in batches. */
const ADDRESSES_PER_COMMAND = 500;
const UNREADABLE_FRAME = 'The server sent a message that could not be read. Try again.';

export interface SocketDeps {
  openSocket: (url: string) => WebSocket;
  readToken: () => string | null;
  /** The page's address; the socket lives on the same host. */
  pageUrl: () => string;
}

const browserSocketDeps: SocketDeps = {
  openSocket: (url) => new WebSocket(url),
  readToken,
  pageUrl: () => window.location.href,
};

/** `ws://host/portal/ws/mailbox-validation`, or `wss://` on an https page. */
export function validationSocketUrl(pageUrl: string): string {
  const url = new URL(MAILBOX_VALIDATION_PATH, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

function readWsServerMessage(data: unknown): WsServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    // The server writes only frames of the contract's WsServerMessage.
    return JSON.parse(data) as WsServerMessage;
  } catch {
    return null;
  }
}

/**
 * One connection of the live validation: signs in with the stored token, sends the addresses
 * (500 per command, the next batch once the previous one is answered) and reports each result.
 * Stopping the actor closes the connection without reporting it.
 */
export function createValidationSocket(deps: SocketDeps = browserSocketDeps) {
  return fromCallback<EventObject, ValidationSocketInput>(({ input, sendBack }) => {
    const report = (event: ValidationSocketEvent) => sendBack(event);
    const socket = deps.openSocket(validationSocketUrl(deps.pageUrl()));
    const send = (message: WsClientMessage) => socket.send(JSON.stringify(message));
    const waiting = [...input.addresses];
    let unanswered = 0;
    const sendNextBatch = () => {
      const mailboxes = waiting.splice(0, ADDRESSES_PER_COMMAND);
      unanswered = mailboxes.length;
      if (mailboxes.length > 0) send({ type: 'command', command: 'check_mailboxes', mailboxes });
    };

    socket.onopen = () => send({ type: 'auth', token: deps.readToken() ?? '' });
    socket.onmessage = (event: MessageEvent) => {
      const message = readWsServerMessage(event.data);
      switch (message?.type) {
        case undefined:
          report({ type: 'SOCKET_FAILED', message: UNREADABLE_FRAME });
          break;
        case 'error':
          report({ type: 'SOCKET_FAILED', message: message.message });
          break;
        case 'auth_ok':
          report({ type: 'SOCKET_READY' });
          sendNextBatch();
          break;
        case 'check_result':
          report({ type: 'SOCKET_RESULT', check: message.data_dict });
          unanswered -= 1;
          if (unanswered === 0) sendNextBatch();
          break;
      }
    };
    // A failed handshake fires `error` and then `close`: the close alone is reported.
    socket.onclose = () => report({ type: 'SOCKET_CLOSED' });
    return () => {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.close();
    };
  });
}

export function createAddMailboxesActors(client: ApiClient, socket?: SocketDeps) {
  return {
    /** How many mailboxes the workspace tracks now, for the slots left. */
    loadTrackedCount: fromPromise<number>(async ({ signal }) => {
      const list = await expectData(client.GET('/portal/api/settings/mailboxes/', { signal }));
      return list.mailboxes.length;
    }),
    validationSocket: createValidationSocket(socket),
    createMailboxes: fromPromise<void, CreateMailboxesInput>(async ({ input }) => {
      await expectData(
        client.POST('/portal/api/settings/mailboxes/', {
          body: { emails: input.emails, data_from: input.dataFrom },
        }),
      );
    }),
  };
}
