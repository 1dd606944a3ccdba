import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/open';
import type { Db } from '../../../server/db/types';
import { createAlert, engineWorkspace, rebuildFacts } from '../support/alert-engine';
import { client, createTestWorkspace } from '../support/app';
import { startSmtp } from '../support/smtp';
import { insertMessages } from '../support/stats';
import type { TestSuite } from '../support/suite';
import { createTestDbLocation, type TestDbLocation } from '../support/test-db';

// Processes killed with SIGKILL at the two points that matter, then started again. PGlite's data
// folder belongs to one process, so this needs PostgreSQL.

let location: TestDbLocation;
let db: Db;
let t: TestSuite;
let n = 0;

beforeAll(async () => {
  location = await createTestDbLocation();
  db = await openDatabase(location.options);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '.tmp/no-client' }),
    db,
    logger: false,
    backgroundWork: false,
  });
  t = {
    app,
    db,
    workspace: () => createTestWorkspace(db, { domain: `kill${(n += 1)}.example` }),
    admin: (ws) => client(app, ws.admin.token),
  };
});

afterAll(async () => {
  await t.app.close();
  await location.dispose();
});

const MONDAY_10 = '2027-03-08T10:00:00Z';
const LATER = '2027-03-08T10:05:00Z';

/** Runs the child until it prints `line` (then SIGKILL) or ends by itself; returns its output. */
function runChild(env: Record<string, string>, killAt?: string): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/server/support/alert-child.ts'], {
    env: { ...process.env, DATABASE_URL: location.options.databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line === killAt) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('exit', () => resolve(lines)));
}

async function overdueAlert() {
  const e = await engineWorkspace(t);
  await createAlert(t, e, { watchingSince: MONDAY_10 });
  await insertMessages(db, e.mailbox, [{ at: '2027-03-05T15:00:00Z', subject: 'Killed' }]);
  await rebuildFacts(db, e);
  return e;
}

describe('a server killed with SIGKILL', () => {
  it('between writing the outbox and sending: the notification arrives once after restart', async () => {
    const smtp = await startSmtp();
    try {
      await overdueAlert();
      const env = { SMTP_URL: smtp.url, NOW: MONDAY_10 };
      expect(await runChild({ ...env, MODE: 'evaluate' }, 'outbox written')).toEqual([
        'outbox written',
      ]);
      expect(smtp.state.received).toEqual([]);
      expect(await runChild({ ...env, MODE: 'send' })).toEqual(['drained 1']);
      expect(await runChild({ ...env, MODE: 'send', NOW: LATER })).toEqual(['drained 0']);
      expect(smtp.state.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('between the SMTP acceptance and its commit: sent again after the lease, same Message-ID', async () => {
    const smtp = await startSmtp();
    try {
      await overdueAlert();
      const env = { SMTP_URL: smtp.url, NOW: MONDAY_10 };
      await runChild({ ...env, MODE: 'evaluate' }, 'outbox written');
      const killed = await runChild(
        { ...env, MODE: 'send', PAUSE_AFTER_SEND: '1' },
        'sent, not yet marked',
      );
      expect(killed).toEqual(['sent, not yet marked']);
      // Within the 60 s lease nobody sends it again; after it, the row is sent once more.
      expect(await runChild({ ...env, MODE: 'send' })).toEqual(['drained 0']);
      expect(await runChild({ ...env, MODE: 'send', NOW: LATER })).toEqual(['drained 1']);
      expect(await runChild({ ...env, MODE: 'send', NOW: LATER })).toEqual(['drained 0']);
      const ids = smtp.state.received.map((mail) => mail.messageId);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(1);
    } finally {
      await smtp.close();
    }
  });
});
