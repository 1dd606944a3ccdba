import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open';
import { createTestWorkspace, XSRF, type TestWorkspace } from '../support/app';
import { runAuditCommand } from '../../../server/cli/audit-commands';
import { environment, start } from '../support/server-process';
import { createTestDbLocation, type TestDbLocation } from '../support/test-db';

// The audit entry is written in the transaction of the change it records (docs/audit.md), so a
// server killed with SIGKILL in the middle of a stream of audited writes leaves, for every
// write, both its change and its entry or neither, and a whole chain. The real server runs in a
// child process and is killed at a different offset each round, with writes in flight.

/** Kill points: so many acknowledged writes, then so many milliseconds into the writes after. */
const KILLS = [
  { replies: 1, ms: 0 },
  { replies: 6, ms: 2 },
  { replies: 17, ms: 5 },
  { replies: 40, ms: 9 },
];
const IN_FLIGHT = 4;

let location: TestDbLocation;
let ws: TestWorkspace;

beforeAll(async () => {
  location = await createTestDbLocation();
  const db = await openDatabase(location.options);
  ws = await createTestWorkspace(db, { domain: 'killed-audit.example' });
  await db.close();
}, 60_000);
afterAll(() => location?.dispose());

const env = () => environment(location, { SEED_DEMO: 'false' });

type Outcome = 'created' | 'unknown';

/** Creates teams, IN_FLIGHT at a time, until the server is killed at `kill`. */
async function killDuringWrites(
  round: number,
  kill: (typeof KILLS)[number],
): Promise<Map<string, Outcome>> {
  const server = await start(env());
  const outcomes = new Map<string, Outcome>();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  let created = 0;
  let next = 0;
  let killed = false;
  const write = async (): Promise<void> => {
    while (!killed) {
      const name = `Kill ${round}-${next++}`;
      outcomes.set(name, 'unknown');
      const reply = await fetch(`${server.url}/portal/api/settings/teams/`, {
        method: 'POST',
        headers: {
          authorization: `Token ${ws.admin.token}`,
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${XSRF}`,
          'x-xsrf-token': XSRF,
        },
        body: JSON.stringify({ name, members: [`viewer@${ws.domain}`] }),
      }).catch(() => null);
      if (!reply) return; // the connection died with the server: the write's fate is unknown
      expect(reply.status, await reply.text()).toBe(201);
      outcomes.set(name, 'created');
      created += 1;
      // The kill point, a moment into the following writes (not a wait for anything: the
      // assertions hold wherever it lands).
      if (created === kill.replies)
        setTimeout(() => {
          killed = true;
          server.child.kill('SIGKILL');
        }, kill.ms);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, write));
  await exited;
  return outcomes;
}

interface Stored {
  name: string;
  team_id: string | null;
  entry_target_id: string | null;
}

/**
 * Every team and every createTeam entry, matched by name (a full join: either may be absent),
 * and what `audit:verify` says of the chain.
 */
async function storedWrites(): Promise<{ stored: Stored[]; verified: string[] }> {
  const db = await openDatabase(location.options);
  try {
    const stored = await db.query<Stored>(
      `select coalesce(t.name, e.target_name) as name, t.team_id::text as team_id,
              e.target_id as entry_target_id
         from (select name, team_id from teams where workspace_id = $1) t
         full join (select target_name, target_id from audit_entries
                     where workspace_id = $1 and operation = 'createTeam') e
           on e.target_name = t.name
        order by 1`,
      [ws.workspaceId],
    );
    const { lines } = await runAuditCommand(db, {
      name: 'audit:verify',
      workspaceId: ws.workspaceId,
    });
    return { stored, verified: lines };
  } finally {
    await db.close();
  }
}

describe('the audit log under SIGKILL', () => {
  it('keeps every write whole: its change and its entry together or neither, the chain verified', async () => {
    const outcomes = new Map<string, Outcome>();
    for (const [round, kill] of KILLS.entries()) {
      for (const [name, outcome] of await killDuringWrites(round, kill))
        outcomes.set(name, outcome);
    }
    // Each round after the first starts the server on the database the last kill left.
    const { stored, verified } = await storedWrites();

    // A change without its entry, or an entry without its change, would show here.
    const halves = stored.filter((row) => row.team_id === null || row.entry_target_id === null);
    expect(halves).toEqual([]);
    expect(stored.every((row) => row.team_id === row.entry_target_id)).toBe(true);
    // Every acknowledged write is there; a write the kill cut short is there whole or not at all.
    const names = new Set(stored.map((row) => row.name));
    const acknowledged = [...outcomes].filter(([, outcome]) => outcome === 'created');
    expect(acknowledged.filter(([name]) => !names.has(name))).toEqual([]);
    expect([...names].filter((name) => !outcomes.has(name))).toEqual([]);
    const cut = [...outcomes].filter(([, outcome]) => outcome === 'unknown');
    // A reply already on its way may still arrive after the kill, so at least this many.
    expect(acknowledged.length).toBeGreaterThanOrEqual(
      KILLS.reduce((sum, kill) => sum + kill.replies, 0),
    );
    // The kills found writes in flight (the killing reply's siblings), their fate unknown.
    expect(cut.length).toBeGreaterThan(0);
    // The chain is whole: `audit:verify` (its command, run on the reopened database).
    expect(verified).toEqual([`ok ${stored.length} entries`]);
  }, 240_000);
});
