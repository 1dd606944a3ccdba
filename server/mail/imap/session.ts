import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { isIP } from 'node:net';
import { MailProviderError } from '../connector';
import { describeImapFailure } from './failures';

// An IMAP session as the target mailbox, through the workspace's master user. The password
// never crosses in clear unless the operator asked for it (`tls: false`): implicit TLS, or
// STARTTLS that must succeed before any login (RFC 9051 §11.1; imapflow refuses to go on when
// the server does not offer it). The certificate is always checked, against a private CA when
// one was given.

/** `true`: TLS from the first byte (993); `starttls`: upgrade on 143, required; `false`: clear. */
type ImapTls = true | 'starttls' | false;

export interface ImapSettings {
  host: string;
  port: number;
  tls: ImapTls;
  /** PEM of a private CA the server's certificate is checked against; null: the system's. */
  ca: string | null;
  masterUser: string;
  /**
   * `separator`: log in as `<mailbox><separator><master>` (Dovecot's master users);
   * `authzid`: SASL PLAIN as the master with the mailbox as authorization identity (RFC 4616).
   */
  masterLogin: 'separator' | 'authzid';
  /** Dovecot's auth_master_user_separator; `*` unless the server was set otherwise. */
  masterSeparator: string;
  /** Used when no folder is flagged \Sent. */
  sentFolder: string;
}

interface SessionTimeouts {
  connectTimeoutMs?: number;
}

export const where = (settings: ImapSettings, address: string) => ({ ...settings, address });

function authOf(settings: ImapSettings, password: string, address: string) {
  const { masterUser } = settings;
  if (settings.masterLogin === 'separator') {
    return { user: `${address}${settings.masterSeparator}${masterUser}`, pass: password };
  }
  // Only SASL PLAIN carries an authzid; imapflow would otherwise fall back to LOGIN as the
  // master itself and read the master's own mailbox.
  return { user: masterUser, pass: password, authzid: address, loginMethod: 'AUTH=PLAIN' };
}

function optionsOf(settings: ImapSettings, password: string, address: string, ms: number) {
  const { host, port, tls, ca } = settings;
  return {
    host,
    port,
    secure: tls === true,
    doSTARTTLS: tls === 'starttls' ? true : tls === true ? undefined : false,
    tls: {
      rejectUnauthorized: true,
      ...(ca ? { ca } : {}),
      ...(isIP(host) ? {} : { servername: host }),
    },
    auth: authOf(settings, password, address),
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: ms,
    greetingTimeout: ms,
  } satisfies ImapFlowOptions;
}

/**
 * With an authzid, only SASL PLAIN may log in (RFC 4616 §2: the server must refuse it unless the
 * master may act as the mailbox). Where the server does not offer AUTH=PLAIN, imapflow would send
 * PLAIN anyway or fall back to LOGIN as the master itself, a session on the master's own mailbox:
 * the login is refused before any credential is sent. imapflow has no hook between reading the
 * capabilities and logging in, so its (internal) `authenticate` step is wrapped.
 */
function refuseWithoutPlain(client: ImapFlow, settings: ImapSettings, address: string) {
  if (settings.masterLogin !== 'authzid') return;
  const steps = client as unknown as { authenticate: () => Promise<boolean> };
  const authenticate = steps.authenticate.bind(client);
  steps.authenticate = () => {
    if (client.capabilities.has('AUTH=PLAIN')) return authenticate();
    throw new MailProviderError(
      `The IMAP server ${settings.host}:${settings.port} does not offer SASL PLAIN, which ` +
        `--master-login authzid needs to open ${address} for the master user ` +
        `${settings.masterUser}: nothing was sent or read. Use --master-login separator if the ` +
        'server has master users.',
      false,
    );
  };
}

/** A logged-in session as `address`; a failure in words. */
export async function openSession(
  settings: ImapSettings,
  password: string,
  address: string,
  timeouts: SessionTimeouts = {},
): Promise<ImapFlow> {
  const ms = timeouts.connectTimeoutMs ?? 15_000;
  const client = new ImapFlow(optionsOf(settings, password, address, ms));
  // A dropped connection is reported by the command that was running; no stray crash.
  client.on('error', () => undefined);
  refuseWithoutPlain(client, settings, address);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw describeImapFailure(error, where(settings, address));
  }
  return client;
}
