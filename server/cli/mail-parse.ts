import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  CliInputError,
  bool,
  count,
  email,
  required,
  workspaceId,
  type Flags,
} from './flag-values';

// The mail commands' flags, checked before the database opens. Secret files are named here and
// read by the command; their content is never printed.

export type MailCommand =
  | {
      name: 'mail:imap';
      workspaceId: number;
      host: string;
      port: number;
      tls: true | 'starttls' | false;
      /** A PEM file of a private CA, read by the command. */
      caFile: string | undefined;
      masterUser: string;
      masterLogin: 'separator' | 'authzid';
      masterSeparator: string;
      passwordFile: string;
      sentFolder: string;
    }
  | { name: 'mail:google'; workspaceId: number; serviceAccountFile: string }
  | {
      name: 'mail:microsoft';
      workspaceId: number;
      tenant: string;
      clientId: string;
      clientSecretFile: string;
    }
  | { name: 'mail:demo'; workspaceId: number }
  | { name: 'mail:status'; workspaceId: number }
  | {
      name: 'mail:sync';
      workspaceId: number;
      mailbox: string | undefined;
      wait: boolean;
      /** Read the whole mailbox again from its data_from (what an earlier version stored). */
      again: boolean;
    };

export const MAIL_USAGE = `Mail accounts and sync (secrets are read from files and sealed with SECRETS_KEY):

  mail:imap      --workspace ID --host HOST --port PORT [--tls true|starttls|false]
                 [--ca-file PEM] --master-user USER --master-password-file FILE
                 [--master-login separator|authzid] [--master-separator CHAR]
                 [--sent-folder NAME]
                 (--tls true: TLS from the first byte, port 993; starttls: port 143, refused
                 if the server does not offer it; false: the password in clear, only if asked)
  mail:google    --workspace ID --service-account-file FILE
  mail:microsoft --workspace ID --tenant TENANT --client-id ID --client-secret-file FILE
  mail:demo      --workspace ID
  mail:status    --workspace ID     (tab-separated: address, status, messages, last sync, last error)
  mail:sync      --workspace ID [--mailbox ADDRESS] [--again] [--wait]
                 (--again: read the whole mailbox again from its data_from, so mail stored by an
                 earlier version is kept as this one reads it; a sync running elsewhere stops)`;

const FLAGS: Record<MailCommand['name'], readonly string[]> = {
  'mail:imap': [
    'workspace',
    'host',
    'port',
    'tls',
    'ca-file',
    'master-user',
    'master-password-file',
    'sent-folder',
    'master-login',
    'master-separator',
  ],
  'mail:google': ['workspace', 'service-account-file'],
  'mail:microsoft': ['workspace', 'tenant', 'client-id', 'client-secret-file'],
  'mail:demo': ['workspace'],
  'mail:status': ['workspace'],
  'mail:sync': ['workspace', 'mailbox'],
};

export const isMailCommandName = (name: string | undefined): name is MailCommand['name'] =>
  name !== undefined && Object.hasOwn(FLAGS, name);

const HOST = /^[A-Za-z0-9.-]{1,253}$|^\[?[0-9A-Fa-f:.]+\]?$/;

type ReadFlags = Flags & { wait?: boolean; again?: boolean };

function readFlags(name: MailCommand['name'], args: string[]): ReadFlags {
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    FLAGS[name].map((flag) => [flag, { type: 'string' }] as const),
  );
  if (name === 'mail:sync') {
    options.wait = { type: 'boolean' };
    options.again = { type: 'boolean' };
  }
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as ReadFlags;
  } catch (error) {
    throw new CliInputError(`${name}: ${(error as Error).message}`);
  }
}

function tlsMode(value: string | undefined): true | 'starttls' | false {
  if (value === undefined) return true;
  if (value.trim().toLowerCase() === 'starttls') return 'starttls';
  try {
    return bool(value, 'tls');
  } catch {
    throw new CliInputError(`--tls must be true, starttls or false, got "${value}"`);
  }
}

function imap(flags: Flags): Extract<MailCommand, { name: 'mail:imap' }> {
  const host = required(flags, 'host');
  if (!HOST.test(host)) throw new CliInputError(`--host: "${host}" is not a host name or address`);
  const port = count(required(flags, 'port'), 'port');
  if (port < 1 || port > 65_535) throw new CliInputError(`--port must be 1–65535, got ${port}`);
  const login = flags['master-login'] ?? 'separator';
  if (login !== 'separator' && login !== 'authzid') {
    throw new CliInputError(`--master-login must be separator or authzid, got "${login}"`);
  }
  const separator = flags['master-separator'] ?? '*';
  if (!/^[\x21-\x7e]$/.test(separator)) {
    throw new CliInputError(`--master-separator must be one visible character, got "${separator}"`);
  }
  return {
    name: 'mail:imap',
    workspaceId: workspaceId(flags),
    host,
    port,
    tls: tlsMode(flags.tls),
    caFile: flags['ca-file'],
    masterUser: required(flags, 'master-user'),
    masterLogin: login,
    masterSeparator: separator,
    passwordFile: required(flags, 'master-password-file'),
    sentFolder: flags['sent-folder']?.trim() || 'Sent',
  };
}

export function parseMailCommand(argv: readonly string[]): MailCommand {
  const [name, ...rest] = argv;
  if (!isMailCommandName(name)) throw new CliInputError(`unknown command "${name}"`);
  const flags = readFlags(name, rest);
  switch (name) {
    case 'mail:imap':
      return imap(flags);
    case 'mail:google':
      return {
        name,
        workspaceId: workspaceId(flags),
        serviceAccountFile: required(flags, 'service-account-file'),
      };
    case 'mail:microsoft': {
      const tenant = required(flags, 'tenant');
      if (!/^[A-Za-z0-9.-]+$/.test(tenant)) {
        throw new CliInputError(`--tenant: "${tenant}" is not a tenant id or domain`);
      }
      return {
        name,
        workspaceId: workspaceId(flags),
        tenant,
        clientId: required(flags, 'client-id'),
        clientSecretFile: required(flags, 'client-secret-file'),
      };
    }
    case 'mail:demo':
    case 'mail:status':
      return { name, workspaceId: workspaceId(flags) };
    case 'mail:sync':
      return {
        name,
        workspaceId: workspaceId(flags),
        mailbox: flags.mailbox === undefined ? undefined : email(flags.mailbox, 'mailbox'),
        wait: flags.wait === true,
        again: flags.again === true,
      };
  }
}
