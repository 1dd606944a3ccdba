import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server accepted it. */
export interface ReceivedMail {
  recipients: string[];
  raw: string;
  messageId: string;
}

/** A message the server holds before answering its DATA: the sender waits for the 250. */
export interface HeldMail {
  /** The envelope's MAIL FROM. */
  from: string;
  /** Accepts it (answers 250), unless its sender has gone meanwhile. */
  release(): void;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every accepted message; while `refusing` it answers
 * MAIL FROM with a temporary failure (451), as a server under maintenance does. `holdNext()`
 * holds the next message before accepting it: a sender killed meanwhile never had it accepted.
 */
export async function startSmtp() {
  const state = { refusing: false, received: [] as ReceivedMail[] };
  let holder: ((held: HeldMail) => void) | null = null;
  const open = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
      callback(error);
    },
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const accept = () => {
          if (!open.has(session.id)) return;
          const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          state.received.push({ recipients, raw, messageId });
          callback();
        };
        const hold = holder;
        if (!hold) return accept();
        holder = null;
        const mailFrom = session.envelope.mailFrom;
        hold({ from: mailFrom ? mailFrom.address : '', release: accept });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    holdNext: () => new Promise<HeldMail>((resolve) => (holder = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
