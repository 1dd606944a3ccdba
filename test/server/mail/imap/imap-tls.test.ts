import { readFile } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImapConnector } from '../../../../server/mail/imap/connector';
import type { ImapSettings } from '../../../../server/mail/imap/session';
import { startDovecot, type Dovecot } from '../../../support/dovecot';
import { message } from '../../support/mail-sync';

// Against Dovecot set up as a production server is (test/support/dovecot-tls.ts): TLS required
// with a private CA, STARTTLS on the imap port, implicit TLS on the imaps port, no password in
// clear, master separator `%`. The master password crosses only inside TLS unless the operator
// asked for clear text; the certificate is always checked.

let production: Dovecot;
let clear: Dovecot;
let ca: string;
const address = 'sales@tls.example';

beforeAll(async () => {
  production = await startDovecot({ production: true });
  clear = await startDovecot();
  ca = await readFile(production.caFile!, 'utf8');
  await production.addUser(address);
  const mail = ['2026-02-10T09:00:00Z', '2026-02-11T09:00:00Z'].map((date) =>
    message({ from: 'c@customer.example', to: address, date }),
  );
  await production.append(address, 'INBOX', mail);
}, 60_000);
afterAll(async () => {
  await production?.close();
  await clear?.close();
});

const settings = (overrides: Partial<ImapSettings>): ImapSettings => ({
  host: production.host,
  port: production.tlsPort,
  tls: true,
  ca,
  masterUser: production.masterUser,
  masterLogin: 'separator',
  masterSeparator: production.masterSeparator,
  sentFolder: 'Sent',
  ...overrides,
});

const probe = (overrides: Partial<ImapSettings>, password = production.masterPassword) =>
  createImapConnector(settings(overrides), password).probe(address);

/** A loopback relay in front of `target` that keeps every byte the client sent. */
async function recordingRelay(target: Dovecot) {
  const sent: Buffer[] = [];
  const server: Server = createServer((socket) => {
    const upstream = createConnection({ host: target.host, port: target.port });
    socket.on('data', (chunk: Buffer) => sent.push(chunk));
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

describe('IMAP over TLS, as production servers are set up', () => {
  it('--tls true: implicit TLS, the certificate checked against --ca-file, separator %', async () => {
    expect(await probe({})).toEqual({ ok: true, messageCount: 2 });
  });

  it('--tls starttls: the upgrade on the imap port before the login', async () => {
    expect(await probe({ tls: 'starttls', port: production.port })).toEqual({
      ok: true,
      messageCount: 2,
    });
  });

  it('--master-login authzid: SASL PLAIN opens the mailbox itself, not the master', async () => {
    expect(await probe({ masterLogin: 'authzid', tls: 'starttls', port: production.port })).toEqual(
      { ok: true, messageCount: 2 },
    );
  });

  it('checks the certificate: without the private CA the server is not trusted', async () => {
    const result = await probe({ ca: null });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(
      /^The IMAP server 127\.0\.0\.2:\d+ showed a certificate we could not verify \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\): if a private CA signed it, name its certificate with --ca-file\.$/,
    );
  });

  it('--tls false where the server requires TLS: refused in words', async () => {
    const result = await probe({ tls: false, port: production.port });
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /refuses logins without TLS: set --tls true .* or --tls starttls/,
      ) as unknown,
    });
  });

  it('the default separator * where the server uses %: the login is refused', async () => {
    const result = await probe({ masterSeparator: '*' });
    expect(!result.ok && result.reason).toMatch(/refused the login to sales@tls\.example/);
  });

  it('--tls starttls where the server offers none: no login, the password never crosses', async () => {
    await clear.addUser(address);
    const relay = await recordingRelay(clear);
    try {
      const password = clear.masterPassword;
      const result = await createImapConnector(
        { ...settings({}), host: '127.0.0.1', port: relay.port, tls: 'starttls', ca: null },
        password,
      ).probe(address);
      expect(result).toEqual({
        ok: false,
        reason: expect.stringMatching(
          /^The IMAP server 127\.0\.0\.1:\d+ does not offer STARTTLS, so the master password was not sent/,
        ) as unknown,
      });
      const sent = relay.sent();
      expect(sent).not.toContain(password);
      expect(sent).not.toMatch(/LOGIN|AUTHENTICATE/i);
    } finally {
      await relay.close();
    }
  });
});
