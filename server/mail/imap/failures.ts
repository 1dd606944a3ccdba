import { MailProviderError } from '../connector';

// IMAP connection and login failures as sentences a person can act on.

interface ImapFailure {
  code?: unknown;
  authenticationFailed?: unknown;
  responseText?: unknown;
  message?: unknown;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
]);

/** Node's codes for a certificate that does not chain to a trusted CA or names another host. */
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

const isTlsFailure = (code: string, message: string) =>
  /^ERR_(SSL|TLS)_/.test(code) ||
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) ||
  /wrong version number|ssl|tls|certificate/i.test(message);

/** An IMAP connection failure in words; `transient` when retrying later may help. */
export function describeImapFailure(
  error: unknown,
  where: { host: string; port: number; address: string; masterUser: string },
): MailProviderError {
  if (error instanceof MailProviderError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as ImapFailure;
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const server = `${where.host}:${where.port}`;
  if (/does not support STARTTLS/i.test(message)) {
    return new MailProviderError(
      `The IMAP server ${server} does not offer STARTTLS, so the master password was not sent: ` +
        'use --tls true on its TLS port (usually 993), or --tls false only on a network you trust.',
      false,
      { cause: error },
    );
  }
  if (/login is disabled|PRIVACYREQUIRED/i.test(`${message} ${String(failure.responseText)}`)) {
    return new MailProviderError(
      `The IMAP server ${server} refuses logins without TLS: set --tls true (port 993) or ` +
        '--tls starttls (port 143).',
      false,
      { cause: error },
    );
  }
  if (failure.authenticationFailed === true) {
    return new MailProviderError(
      `The IMAP server ${server} refused the login to ${where.address} through the master user ` +
        `${where.masterUser}: the mailbox does not exist there, or the master user's name or ` +
        'password is wrong.',
      false,
      { cause: error },
    );
  }
  if (UNREACHABLE.has(code)) {
    return new MailProviderError(
      `We couldn't reach the IMAP server ${server} (${code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'no such host' : 'no answer'}). Check the host and port, or try again later.`,
      true,
      { cause: error },
    );
  }
  if (CERTIFICATE.test(code)) {
    return new MailProviderError(
      `The IMAP server ${server} showed a certificate we could not verify (${code}): if a ` +
        'private CA signed it, name its certificate with --ca-file.',
      false,
      { cause: error },
    );
  }
  if (isTlsFailure(code, message)) {
    return new MailProviderError(
      `The secure (TLS) connection to the IMAP server ${server} failed (${code || message}): ` +
        'check that this port speaks TLS and that the server has a valid certificate.',
      false,
      { cause: error },
    );
  }
  return new MailProviderError(`The IMAP server ${server} failed: ${message}`, true, {
    cause: error,
  });
}
