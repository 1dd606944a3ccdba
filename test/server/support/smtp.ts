import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server accepted it. */
export interface ReceivedMail {
  recipients: string[];
  raw: string;
  messageId: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every accepted message; while `refusing` it answers
 * MAIL FROM with a temporary failure (451), as a server under maintenance does.
 */
export async function startSmtp() {
  const state = { refusing: false, received: [] as ReceivedMail[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        state.received.push({ recipients, raw, messageId });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
