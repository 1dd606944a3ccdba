import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { Ajv } from 'ajv';
import type { Schemas } from '../../../server/contract/types';
import { componentSchema } from '../../../server/mailbox-validation/frames';

export type ServerMessage = Schemas['WsServerMessage'];
export type MailboxCheck = Schemas['WsMailboxCheck'];

const isServerMessage = new Ajv({ strict: true, allErrors: true }).compile<ServerMessage>(
  componentSchema('WsServerMessage'),
);

export interface Closed {
  code: number;
  reason: string;
}

/**
 * A real websocket client for tests. It keeps every frame the server sends, in order, and checks
 * each against the contract's `WsServerMessage` as it is read.
 */
export class TestSocket {
  private readonly inbox: unknown[] = [];
  private readonly waiters: ((value: unknown) => void)[] = [];
  readonly closed: Promise<Closed>;

  private constructor(private readonly ws: WebSocket) {
    // Text frames only: the server never sends binary ones.
    ws.on('message', (data: Buffer) => {
      const value: unknown = JSON.parse(data.toString('utf8'));
      const waiter = this.waiters.shift();
      if (waiter) waiter(value);
      else this.inbox.push(value);
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    // A failed connection also ends in 'close'; the listener keeps 'error' from being unhandled.
    ws.on('error', () => undefined);
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const socket = new TestSocket(new WebSocket(url, { headers }));
    await once(socket.ws, 'open');
    return socket;
  }

  /** An upgrade the server answers with an HTTP error instead: its status and JSON body. */
  static async refused(url: string, headers: Record<string, string> = {}) {
    const ws = new WebSocket(url, { headers });
    ws.on('error', () => undefined);
    const accepted = once(ws, 'open').then(() => {
      ws.terminate();
      throw new Error('The server accepted the upgrade');
    });
    const answered = once(ws, 'unexpected-response');
    const [, response] = (await Promise.race([answered, accepted])) as [unknown, IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    ws.terminate();
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString());
    return { status: response.statusCode, body };
  }

  /** Sends a value as JSON text, or a string exactly as given. */
  send(value: unknown) {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  sendBinary(bytes: Buffer) {
    this.ws.send(bytes, { binary: true });
  }

  async next(): Promise<ServerMessage> {
    const value =
      this.inbox.length > 0
        ? this.inbox.shift()
        : await new Promise<unknown>((resolve) => this.waiters.push(resolve));
    if (!isServerMessage(value)) {
      throw new Error(`Not a WsServerMessage: ${JSON.stringify(value)}`);
    }
    return value;
  }

  /** Sends one check_mailboxes command and reads one check_result per address. */
  async check(mailboxes: readonly string[]): Promise<MailboxCheck[]> {
    this.send({ type: 'command', command: 'check_mailboxes', mailboxes });
    const results: MailboxCheck[] = [];
    while (results.length < mailboxes.length) {
      const message = await this.next();
      if (message.type !== 'check_result') {
        throw new Error(`Expected a check_result, got ${JSON.stringify(message)}`);
      }
      results.push(message.data_dict);
    }
    return results;
  }

  close() {
    this.ws.close();
  }
}
