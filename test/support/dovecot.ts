/**
 * Debian's Dovecot on a free loopback port, with its own config in a temp folder, for the IMAP
 * sync tests: a master user (`mailbox*master`), users added at will, INBOX and the folders
 * flagged by RFC 6154: `Sent` (\Sent), `Archive` (\Archive), `Drafts`, `Junk` and `Trash`; a
 * user who creates `All Mail` gets it flagged \All, as Gmail's IMAP does; `publicNamespace` adds
 * the folders every user shares, `Public/…`. Messages go in with APPEND, each with its
 * INTERNALDATE (and flags, `\Draft`); other folders are created by the first APPEND to them.
 *
 *   const dovecot = await startDovecot();
 *   await dovecot.addUser('sales@acme.example');
 *   await dovecot.append('sales@acme.example', 'INBOX', [{ raw, date }]);
 *   dovecot.port, dovecot.masterUser, dovecot.masterPassword
 *   await dovecot.close();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { makeTestCa, productionSettings, readCa } from './dovecot-tls';

export interface TestMessage {
  /** The whole message, headers and body (a string is sent as UTF-8). */
  raw: string | Buffer;
  /** Its INTERNALDATE. */
  date: Date;
  /** Flags besides \Seen it is appended with (`\Draft`). */
  flags?: readonly string[];
}

export interface Dovecot {
  /** 127.0.0.1, or 127.0.0.2 on a production server. */
  host: string;
  /** IMAP: cleartext, or STARTTLS on a production server. */
  port: number;
  /** Implicit TLS, on a production server only (else 0). */
  tlsPort: number;
  /** The test CA's certificate, on a production server only. */
  caFile: string | null;
  masterSeparator: string;
  masterUser: string;
  masterPassword: string;
  /** Every user's own password (tests log in as the master user instead). */
  userPassword: string;
  addUser(address: string): Promise<void>;
  append(address: string, folder: string, messages: readonly TestMessage[]): Promise<void>;
  /** The same, written into the Maildir directly (for thousands of messages). */
  appendBulk(address: string, folder: string, messages: readonly TestMessage[]): Promise<void>;
  /** Selects the folder (Dovecot indexes new Maildir files then) and says how many it holds. */
  messageCount(address: string, folder: string): Promise<number>;
  /** Moves the messages of these Message-IDs (IMAP MOVE, RFC 6851), as a mail client does. */
  move(address: string, from: string, to: string, ids: readonly string[]): Promise<void>;
  /** Deletes the messages of these Message-IDs for good (\Deleted and EXPUNGE), no Trash. */
  expunge(address: string, folder: string, ids: readonly string[]): Promise<void>;
  /** Deletes a folder with the messages in it. */
  deleteFolder(address: string, folder: string): Promise<void>;
  /** Deletes and recreates a folder: it comes back with a new UIDVALIDITY. */
  recreateFolder(address: string, folder: string): Promise<void>;
  close(): Promise<void>;
}

const MASTER_USER = 'mailpulse';
const MASTER_PASSWORD = 'master-secret';
const USER_PASSWORD = 'user-secret';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const TEST_SETTINGS = `ssl = no
disable_plaintext_auth = no
auth_master_user_separator = *
`;

interface Listen {
  host: string;
  port: number;
  tlsPort: number;
}

export interface DovecotOptions {
  /** As production servers are set up (TLS required, separator `%`). */
  production?: boolean;
  /** Dovecot's `auth_mechanisms`: what AUTHENTICATE offers (`AUTH=…` capabilities). */
  mechanisms?: string;
  /** The master user is also a user with a mailbox of its own, under the master password. */
  masterMailbox?: boolean;
  /** Where the users' mail lives, kept after close (benches reuse a filled mailbox). */
  home?: string;
  /** A public namespace `Public/` (RFC 2342 shared), whose folders every user lists. */
  publicNamespace?: boolean;
  /** The IMAP port (a free one unless given): a server started again where a stopped one was. */
  port?: number;
}

/** Without ACLs, every user may create folders in it and append to them. */
const publicNamespace = (dir: string) => `namespace public {
  type = public
  separator = /
  prefix = Public/
  location = maildir:${dir}/public
  subscriptions = no
}
`;

function config(
  dir: string,
  home: string,
  { host, port, tlsPort }: Listen,
  settings: string,
  mechanisms: string,
): string {
  return `protocols = imap
listen = ${host}
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = mailpulse-test-${port}
log_path = ${dir}/dovecot.log
${settings}default_login_user = dovenull
default_internal_user = dovecot
auth_mechanisms = ${mechanisms}
auth_failure_delay = 0
mail_location = maildir:~/Maildir
mail_fsync = never
first_valid_uid = 1
first_valid_gid = 1
service imap-login {
  inet_listener imap {
    address = ${host}
    port = ${port}
  }
  inet_listener imaps {
    address = ${host}
    port = ${tlsPort}${tlsPort ? '\n    ssl = yes' : ''}
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/master.passwd
  master = yes
  pass = yes
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users/%Lu
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${home}/%d/%n
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Archive {
    special_use = \\Archive
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  # Only for the users that create it: Gmail's IMAP, whose "All Mail" holds every label's mail.
  mailbox "All Mail" {
    special_use = \\All
  }
}
`;
}

/** Resolves once the port accepts connections; Dovecot gives no other sign of being ready. */
async function waitForPort(host: string, port: number, child: ChildProcess, deadlineMs = 15_000) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host, port });
      socket.once('data', () => resolve(true));
      socket.once('error', () => resolve(false));
      socket.setTimeout(1000, () => resolve(false));
    }).catch(() => false);
    if (ok) return;
    if (Date.now() - started > deadlineMs) throw new Error('dovecot did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `production`: TLS required with a test CA, STARTTLS on `port`, implicit TLS on `tlsPort`, no
 * password in clear, master separator `%` (test/support/dovecot-tls.ts).
 */
export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  const dir = await mkdtemp(join(tmpdir(), 'mailpulse-dovecot-'));
  await chmod(dir, 0o755);
  const home = options.home ?? join(dir, 'home');
  await mkdir(home, { recursive: true });
  await chown(home, ...(await dovecotIds()));
  const port = options.port ?? (await freePort());
  const tlsPort = options.production ? await freePort() : 0;
  const ca = options.production ? await makeTestCa(dir) : null;
  const separator = ca ? '%' : '*';
  let settings = ca ? productionSettings(ca, separator) : TEST_SETTINGS;
  if (options.publicNamespace) {
    await mkdir(join(dir, 'public'));
    await chown(join(dir, 'public'), ...(await dovecotIds()));
    settings += publicNamespace(dir);
  }
  // Dovecot takes a client whose address is its own for a secure one and lets it log in in
  // clear: from 127.0.0.1 to 127.0.0.2 it is not, as from another host.
  const host = ca ? '127.0.0.2' : '127.0.0.1';
  const mechanisms = options.mechanisms ?? 'plain login';
  await writeFile(
    join(dir, 'dovecot.conf'),
    config(dir, home, { host, port, tlsPort }, settings, mechanisms),
  );
  await writeFile(join(dir, 'master.passwd'), `${MASTER_USER}:${MASTER_PASSWORD}\n`);
  await chmod(join(dir, 'master.passwd'), 0o644);
  // A passwd-file per user: Dovecot opens a new user's file at the first login, where it would
  // look at a changed shared file at most once a second and, after the login it refused, make
  // the next one from this address wait seconds (its auth penalty).
  const users = join(dir, 'users');
  await mkdir(users, { mode: 0o755 });
  const addUser = async (address: string, password: string) => {
    const file = join(users, address.toLowerCase());
    await writeFile(file, `${address}:${password}\n`);
    await chmod(file, 0o644);
  };
  if (options.masterMailbox) await addUser(MASTER_USER, MASTER_PASSWORD);
  const child = spawn('dovecot', ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  await waitForPort(host, port, child);
  const caPem = ca ? await readCa(ca) : null;

  const asUser = async <T>(address: string, fn: (client: ImapFlow) => Promise<T>) => {
    const client = new ImapFlow({
      host,
      ...(ca ? { port: tlsPort, secure: true } : { port, secure: false, doSTARTTLS: false }),
      ...(caPem ? { tls: { ca: caPem } } : {}),
      auth: { user: address, pass: address === MASTER_USER ? MASTER_PASSWORD : USER_PASSWORD },
      logger: false,
    });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.logout();
    }
  };

  return {
    host,
    port,
    tlsPort,
    caFile: ca?.caFile ?? null,
    masterSeparator: separator,
    masterUser: MASTER_USER,
    masterPassword: MASTER_PASSWORD,
    userPassword: USER_PASSWORD,
    addUser: (address) => addUser(address, USER_PASSWORD),
    append: (address, folder, messages) =>
      asUser(address, async (client) => {
        // Listing creates the `auto = subscribe` folders of a new user before the first APPEND;
        // any other folder (`Customers/Acme`, filed there by a rule) is created here.
        const listed = await client.list();
        if (!listed.some((entry) => entry.path === folder)) await client.mailboxCreate(folder);
        for (const message of messages) {
          const flags = ['\\Seen', ...(message.flags ?? [])];
          await client.append(folder, message.raw, flags, message.date);
        }
      }),
    appendBulk: async (address, folder, messages) => {
      // Files written straight into the Maildir (INTERNALDATE is the file's time); Dovecot
      // indexes them at the next SELECT. Thousands of APPENDs would take minutes here.
      await asUser(address, async (client) => {
        await client.list();
        await client.mailboxOpen(folder);
      });
      const [domain, local] = [address.split('@')[1]!, address.split('@')[0]!];
      const maildir = join(home, domain, local, 'Maildir');
      const cur = join(folder === 'INBOX' ? maildir : join(maildir, `.${folder}`), 'cur');
      const [uid, gid] = await dovecotIds();
      const write = async (message: TestMessage, i: number) => {
        const file = join(cur, `${message.date.getTime()}.M${i}P${process.pid}.bulk:2,S`);
        await writeFile(file, message.raw);
        await chown(file, uid, gid);
        await utimes(file, message.date, message.date);
      };
      // A few files at a time: the disk, not one syscall after another, sets the pace.
      for (let start = 0; start < messages.length; start += 32) {
        await Promise.all(messages.slice(start, start + 32).map((m, i) => write(m, start + i)));
      }
    },
    messageCount: (address, folder) =>
      asUser(address, async (client) => (await client.mailboxOpen(folder)).exists),
    move: (address, from, to, ids) =>
      asUser(address, async (client) => {
        await client.mailboxOpen(from);
        for (const id of ids) {
          const uids = await client.search({ header: { 'message-id': id } }, { uid: true });
          if (!uids || uids.length === 0) throw new Error(`${id} is not in ${from}`);
          await client.messageMove(uids.join(','), to, { uid: true });
        }
      }),
    expunge: (address, folder, ids) =>
      asUser(address, async (client) => {
        await client.mailboxOpen(folder);
        for (const id of ids) {
          const uids = await client.search({ header: { 'message-id': id } }, { uid: true });
          if (!uids || uids.length === 0) throw new Error(`${id} is not in ${folder}`);
          await client.messageDelete(uids.join(','), { uid: true });
        }
      }),
    deleteFolder: (address, folder) =>
      asUser(address, async (client) => {
        await client.mailboxDelete(folder);
      }),
    recreateFolder: (address, folder) =>
      asUser(address, async (client) => {
        await client.mailboxDelete(folder);
        // A folder with `auto = subscribe` comes back by itself on the next LIST.
        const listed = await client.list();
        if (!listed.some((entry) => entry.path === folder)) await client.mailboxCreate(folder);
      }),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function dovecotIds(): Promise<[number, number]> {
  const { execFile } = await import('node:child_process');
  const id = (flag: string) =>
    new Promise<number>((resolve, reject) =>
      execFile('id', [flag, 'dovecot'], (error, stdout) =>
        error ? reject(new Error(error.message)) : resolve(Number(stdout.trim())),
      ),
    );
  return [await id('-u'), await id('-g')];
}
