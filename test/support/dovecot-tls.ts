import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The test Dovecot "as a production server is": a private test CA and a server certificate for
// localhost, 127.0.0.1 and 127.0.0.2 signed by it (openssl), TLS required (`ssl = required`), no password
// in clear (`disable_plaintext_auth = yes`, which makes Dovecot offer LOGINDISABLED before
// STARTTLS: https://doc.dovecot.org/2.3/settings/core/#core_setting-disable_plaintext_auth),
// STARTTLS on the imap port (RFC 9051 §11.1), implicit TLS on the imaps port (RFC 8314), and a
// master-user separator other than `*`.

const run = promisify(execFile);

export interface TestCa {
  /** The CA's certificate (PEM file): what `--ca-file` names. */
  caFile: string;
  certFile: string;
  keyFile: string;
}

/** A CA and a server certificate signed by it, in `dir`. */
export async function makeTestCa(dir: string): Promise<TestCa> {
  const file = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', [
    ...['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=Mailpulse test CA'],
    ...['-keyout', file('ca.key'), '-out', file('ca.pem')],
  ]);
  await run('openssl', [
    ...['req', ...ec, '-subj', '/CN=localhost'],
    ...['-keyout', file('server.key'), '-out', file('server.csr')],
  ]);
  await writeFile(
    file('server.ext'),
    'subjectAltName = DNS:localhost, IP:127.0.0.1, IP:127.0.0.2\n',
  );
  await run('openssl', [
    ...['x509', '-req', '-in', file('server.csr'), '-days', '2'],
    ...['-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial'],
    ...['-extfile', file('server.ext'), '-out', file('server.pem')],
  ]);
  return { caFile: file('ca.pem'), certFile: file('server.pem'), keyFile: file('server.key') };
}

/** The settings that differ on a production-like server. */
export const productionSettings = (ca: TestCa, separator: string) => `ssl = required
ssl_cert = <${ca.certFile}
ssl_key = <${ca.keyFile}
disable_plaintext_auth = yes
auth_master_user_separator = ${separator}
`;

export const readCa = (ca: TestCa) => readFile(ca.caFile, 'utf8');
