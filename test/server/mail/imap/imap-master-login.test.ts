import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImapConnector } from '../../../../server/mail/imap/connector';
import { startDovecot, type Dovecot } from '../../../support/dovecot';
import { message } from '../../support/mail-sync';

// `--master-login authzid` on a Dovecot that offers no SASL PLAIN (`auth_mechanisms = login`,
// so AUTH=PLAIN is not among its capabilities), whose master user also has a mailbox of its
// own: the only session the master's password could open there is the master's own mailbox. The
// login is refused in words before any credential crosses, and nothing is read.

let dovecot: Dovecot;
const address = 'sales@authzid.example';
const CAPTURE_LIMIT = 1 << 20;

beforeAll(async () => {
  dovecot = await startDovecot({ mechanisms: 'login', masterMailbox: true });
  await dovecot.addUser(address);
  const mail = message({ from: 'c@customer.example', to: address, date: '2026-02-10T09:00:00Z' });
  await dovecot.append(address, 'INBOX', [mail]);
  const own = message({
    from: 'ops@vendor.example',
    to: 'mailpulse',
    date: '2026-02-10T09:00:00Z',
  });
  await dovecot.append(dovecot.masterUser, 'INBOX', [own]);
}, 60_000);
afterAll(async () => {
  await dovecot?.close();
});

/** A loopback relay in front of Dovecot that keeps every byte the client sent. */
async function recordingRelay() {
  const sent: Buffer[] = [];
  const server: Server = createServer((socket) => {
    const upstream = createConnection({ host: dovecot.host, port: dovecot.port });
    socket.on('data', (chunk: Buffer) => {
      if (sent.length < CAPTURE_LIMIT) sent.push(chunk);
    });
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    sent: () => Buffer.concat(sent).toString('latin1'),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const connector = (port: number) =>
  createImapConnector(
    {
      host: '127.0.0.1',
      port,
      tls: false,
      ca: null,
      masterUser: dovecot.masterUser,
      masterLogin: 'authzid',
      masterSeparator: '*',
      sentFolder: 'Sent',
    },
    dovecot.masterPassword,
    { connectTimeoutMs: 3000 },
  );

const REFUSAL =
  /^The IMAP server 127\.0\.0\.1:\d+ does not offer SASL PLAIN, which --master-login authzid needs to open sales@authzid\.example for the master user mailpulse: nothing was sent or read\. Use --master-login separator if the server has master users\.$/;

describe('--master-login authzid on a server without SASL PLAIN', () => {
  it('the probe fails in words; no credential is sent, no folder opened', async () => {
    const relay = await recordingRelay();
    try {
      const result = await connector(relay.port).probe(address);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(REFUSAL);
      const sent = relay.sent();
      // It spoke (the greeting's capabilities, then ID), and stopped before logging in.
      expect(sent).toMatch(/^1 ID \(/);
      expect(sent).not.toContain(dovecot.masterPassword);
      expect(sent).not.toMatch(/\b(LOGIN|AUTHENTICATE|SELECT|EXAMINE|STATUS|LIST)\b/i);
    } finally {
      await relay.close();
    }
  });

  it('the sync fails in words and yields nothing, the master’s own mail included', async () => {
    const relay = await recordingRelay();
    try {
      const batches: unknown[] = [];
      const run = async () => {
        const target = { email: address, dataFrom: '2026-01-01' };
        for await (const batch of connector(relay.port).sync(
          target,
          null,
          new AbortController().signal,
        )) {
          batches.push(batch);
        }
      };
      await expect(run()).rejects.toThrow(REFUSAL);
      expect(batches).toEqual([]);
      expect(relay.sent()).not.toContain(dovecot.masterPassword);
    } finally {
      await relay.close();
    }
  });
});
