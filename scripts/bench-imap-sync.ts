/**
 * Issue 22's IMAP figures for `npm run bench` (and `npm run bench -- sync`): a first sync of
 * 10,000 and of 100,000 messages from the real Dovecot into the embedded database (PGlite), by
 * the worker code (header fields and body structures, each batch with its cursor and its
 * threads' statistics in one transaction). Each sync runs in a process of its own, so its peak
 * memory (the kernel's maxRSS, VmHWM) is the sync's, PGlite included; the database is a copy of
 * a migrated template, as a worker opens an existing one (initdb alone peaks near 0.9 GB,
 * STACK.md). Budget: the peak at 100,000 at most 1.2 times the peak at 10,000.
 *
 * The mailboxes are filled once, by writing Maildir files, and kept in .tmp/bench-imap between
 * runs while their message count is unchanged; Dovecot indexes them before the timed part.
 * Run alone: `npx tsx scripts/bench-imap-sync.ts`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { copyFolder } from '../test/support/copy-folder';
import { startDovecot, type Dovecot } from '../test/support/dovecot';
import { message } from '../test/server/support/mail-sync';

const COUNTS = [10_000, 100_000];
/** Bump when the messages written change: the kept mailboxes are then filled again. */
const FILL_VERSION = 'v1';
const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');
const benchDir = resolve(repoRoot, '.tmp/bench-imap');
const DOMAIN = 'bench.example';
const DATA_FROM = '2026-01-01';

const benchMailbox = (count: number) => `support${count}@${DOMAIN}`;

/** One of `count` messages a minute apart from data_from on, from 500 customers. */
function nthMessage(i: number, email: string) {
  return message({
    from: `Customer ${i % 500} <c${i % 500}@customer.example>`,
    to: email,
    subject: `Order ${i}`,
    id: `<order-${i}@customer.example>`,
    date: new Date(Date.parse(`${DATA_FROM}T00:00:00Z`) + i * 60_000).toISOString(),
  });
}

/** The mailbox of `count` messages, filled unless kept from an earlier run; seconds spent. */
async function fill(dovecot: Dovecot, count: number): Promise<number> {
  const email = benchMailbox(count);
  await dovecot.addUser(email);
  const marker = join(benchDir, `filled-${count}-${FILL_VERSION}`);
  if (existsSync(marker) && (await dovecot.messageCount(email, 'INBOX')) === count) return 0;
  const started = performance.now();
  await rm(join(benchDir, 'home', DOMAIN, `support${count}`), { recursive: true, force: true });
  for (let start = 0; start < count; start += 5000) {
    const part = Array.from({ length: Math.min(5000, count - start) }, (_, i) =>
      nthMessage(start + i, email),
    );
    await dovecot.appendBulk(email, 'INBOX', part);
  }
  // Dovecot indexes the new files at this SELECT, before anything is timed.
  const indexed = await dovecot.messageCount(email, 'INBOX');
  if (indexed !== count) throw new Error(`Dovecot holds ${indexed} of ${count} messages`);
  await writeFile(marker, `${count}\n`);
  return (performance.now() - started) / 1000;
}

interface ChildFigures {
  count: number;
  stored: number;
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
  openedMb: number;
  error?: string;
}

/** Runs scripts/bench-imap-sync-child.ts for one mailbox; its last line is its figures. */
function runChild(env: Record<string, string>): Promise<ChildFigures> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(repoRoot, 'scripts/bench-imap-sync-child.ts')],
      { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`sync child exited ${code}: ${out}`));
      else resolvePromise(JSON.parse(last) as ChildFigures);
    });
  });
}

const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`;

/**
 * Runs both syncs and hands each figure to `print` as soon as it is known (an interrupted run
 * still shows what it measured): 10,000, then 100,000, then the ratio, each with the load.
 */
export async function imapSyncTimings(print: (line: string) => void): Promise<void> {
  await mkdir(benchDir, { recursive: true });
  const dovecot = await startDovecot({ home: join(benchDir, 'home') });
  const scratch = await mkdtemp(join(tmpdir(), 'mailpulse-bench-imap-'));
  try {
    const template = join(scratch, 'template');
    const db = await openDatabase({ dataDir: template });
    await migrate(db);
    await db.close();
    const figures: ChildFigures[] = [];
    for (const count of COUNTS) {
      const filled = await fill(dovecot, count);
      print(
        filled > 0
          ? `filled Dovecot with ${count} messages in ${filled.toFixed(1)} s (kept for later runs)`
          : `Dovecot's mailbox of ${count} messages kept from an earlier run`,
      );
      const dataDir = join(scratch, `db-${count}`);
      await copyFolder(template, dataDir);
      const before = load();
      const f = await runChild({
        BENCH_IMAP_COUNT: String(count),
        BENCH_IMAP_EMAIL: benchMailbox(count),
        BENCH_IMAP_PORT: String(dovecot.port),
        BENCH_IMAP_MASTER: dovecot.masterUser,
        BENCH_IMAP_PASSWORD: dovecot.masterPassword,
        BENCH_IMAP_DATA_DIR: dataDir,
        BENCH_IMAP_DATA_FROM: DATA_FROM,
      });
      figures.push(f);
      print(
        `IMAP first sync of ${f.count} messages from Dovecot: ${f.seconds.toFixed(1)} s ` +
          `(${f.cpuSeconds.toFixed(1)} s CPU), ${f.stored} stored${f.error ? `, FAILED: ${f.error}` : ''}; ` +
          `peak memory of the sync process ${f.peakMb.toFixed(0)} MB (${f.openedMb.toFixed(0)} MB ` +
          `with the database open, before the sync); ${before} before, ${load()} after`,
      );
      await rm(dataDir, { recursive: true, force: true });
    }
    const [small, large] = figures;
    if (small && large) {
      print(
        `peak memory at ${large.count} ÷ at ${small.count}: ${(large.peakMb / small.peakMb).toFixed(2)} ` +
          `(budget ≤ 1.2; the code before issue 22 peaked at 959 MB at 10,000); ${load()}`,
      );
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await dovecot.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await imapSyncTimings((line) => console.log(line));
}
