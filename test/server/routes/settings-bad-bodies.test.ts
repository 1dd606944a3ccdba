import { describe, expect, it } from 'vitest';
import type { ContractOperation } from '../../../server/contract/spec';
import type { OperationId } from '../../../server/contract/types';
import { accepts, bodyCases, parameterCases, type BadCase } from '../support/bad-requests';
import {
  alertInput,
  areaOf,
  businessHours,
  filteringInput,
  plausibleRequest,
  send,
  setUpSweep,
  snapshotWorkspace,
  sweptWrites,
  workspaceTables,
  type SweepFixture,
} from '../support/settings-sweep';

/**
 * Every settings and alerts write of the contract, sent bad input: the shape the contract refuses
 * (derived from its schemas, so a new write is covered once it has a plausible request) and, per
 * area, a schema-valid body the server's own rules refuse. Each answers 400 with a message a
 * person can read and leaves every row of the workspace as it was.
 */

const { suite: t, fixture } = setUpSweep('bad-bodies');

/** Schema-valid requests that the server's own rules refuse, with the message they get. */
const RULES: Partial<Record<OperationId, (fx: SweepFixture) => BadCase>> = {
  createMailboxes: () => ({
    label: 'an address of another domain',
    request: { body: { emails: ['someone@elsewhere.example'], data_from: '2026-01-01' } },
    says: "These addresses are not of your workspace's domains",
  }),
  deleteMailboxes: (f) => ({
    label: 'an untracked mailbox',
    request: { body: { emails: [`nobody@${f.ws.domain}`], delete_from_bq: true } },
    says: `These mailboxes are not tracked: nobody@${f.ws.domain}.`,
  }),
  createUsers: (f) => ({
    label: 'a viewer without a tracked mailbox',
    request: { body: { emails: [`new.viewer@${f.ws.domain}`], role: 'viewer' } },
    says: `This user don't have a tracked mailbox: new.viewer@${f.ws.domain}`,
  }),
  deleteUsers: (f) => ({
    label: 'the caller themself',
    request: { body: { emails: [f.ws.admin.email] } },
    says: 'You cannot remove yourself.',
  }),
  assignManagers: (f) => ({
    label: 'a viewer as a manager',
    request: { body: { manager_ids: [f.ws.viewer.userId], mailboxes: [f.sales], teams: [] } },
    says: `These ids are not managers of this workspace: ${f.ws.viewer.userId}.`,
  }),
  createTeam: (f) => ({
    label: 'a duplicate team name in another case',
    request: { body: { name: 'SUPPORT', members: [f.sales] } },
    says: 'This team name already exists',
  }),
  updateTeam: (f) => ({
    label: "another team's name",
    request: { body: { id: f.teams.support, name: 'sales', members: [f.sales] } },
    says: 'This team name already exists',
  }),
  deleteTeams: () => ({
    label: 'a team that does not exist',
    request: { body: { teams: [2_000_000_000] } },
    says: 'These teams do not exist: 2000000000.',
  }),
  createAlert: (f) => ({
    label: 'an invalid domain',
    request: { body: { ...alertInput(f.ws), domains: ['not a domain'] } },
    says: 'Please check that all domains are correct',
  }),
  updateAlert: (f) => ({
    label: 'an untracked mailbox',
    request: {
      params: { id: f.alertId },
      body: { ...alertInput(f.ws), mailboxes: [`ghost@${f.ws.domain}`] },
    },
    says: `These mailboxes are not tracked: ghost@${f.ws.domain}.`,
  }),
  setCompanyBusinessHours: () => ({
    label: 'an unknown timezone',
    request: { body: businessHours('09:00:00', '17:00:00', 'Mars/Olympus_Mons') },
    says: 'Mars/Olympus_Mons is not a known timezone',
  }),
  setMailboxBusinessHours: (f) => ({
    label: 'a start after its end',
    request: { params: { email: f.sales }, body: businessHours('17:00:00', '09:00:00') },
    says: 'On Mon the start time must be before the end time.',
  }),
  setFilteringSettings: () => ({
    label: 'an invalid internal domain',
    request: { body: filteringInput(['not a domain']) },
    says: 'domain',
  }),
  createContactGroup: () => ({
    label: 'a duplicate group name',
    request: { body: { name: 'vip', contacts: [{ address: 'ann@customer.example' }] } },
    says: 'Please check that the name is not repeated',
  }),
  addContacts: () => ({
    label: 'an invalid email',
    request: { query: { name: 'VIP' }, body: { contacts: [{ address: 'ann@@customer' }] } },
    says: 'Please check that all email addresses are correct.',
  }),
  renameContactGroup: () => ({
    label: "another group's name",
    request: { query: { name: 'VIP' }, body: { name: 'PRESS' } },
    says: 'Please check that the name is not repeated',
  }),
  removeContacts: (f) => ({
    label: "another group's contact",
    request: { query: { name: 'VIP' }, body: { contact_ids: [f.contacts.press] } },
    says: 'Some of the contacts are not in this group.',
  }),
  createApiToken: () => ({
    label: "a live token's name in another case",
    request: { body: { name: 'bi', scope: 'stats:read', expires_in_days: 30 } },
    says: 'name: a live API token is already named BI; choose another name.',
  }),
};

/** Nested values the generated cases do not reach, refused by the contract's own patterns. */
const NESTED: Partial<Record<OperationId, (fx: SweepFixture) => BadCase>> = {
  setCompanyBusinessHours: () => ({
    label: 'an hour of 25',
    request: { body: businessHours('25:00:00') },
    says: 'body/business_hours/0/start_time',
  }),
};

const takesInput = (op: ContractOperation) => Boolean(op.body ?? op.params ?? op.querystring);
const ruleCase = (op: ContractOperation) => RULES[op.operationId as OperationId];

/** Every bad request for an operation, built against the seeded fixture. */
function casesOf(op: ContractOperation, f: SweepFixture): BadCase[] {
  const valid = plausibleRequest(op, f);
  const extra = [ruleCase(op), NESTED[op.operationId as OperationId]].flatMap((make) =>
    make ? [make(f)] : [],
  );
  return [...bodyCases(op, valid), ...parameterCases(op, valid), ...extra];
}

describe('the sweep covers the contract', () => {
  it('snapshots every table of the schema but the migrations', async () => {
    const all = await t.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    const names = all.map((row) => row.table_name).filter((name) => name !== 'schema_migrations');
    expect(await workspaceTables(t.db)).toEqual(names);
  });

  it('has bad requests for every write that takes input, and a rule case in every area', () => {
    const fx = fixture();
    const uncovered = sweptWrites.filter((op) => takesInput(op) && casesOf(op, fx).length === 0);
    expect(uncovered.map((op) => op.operationId)).toEqual([]);
    const areas = new Set(sweptWrites.map(areaOf));
    const withRules = new Set(sweptWrites.filter((op) => ruleCase(op)).map(areaOf));
    expect([...areas].filter((area) => !withRules.has(area))).toEqual([]);
  });

  it('sends rule cases that the contract itself accepts', () => {
    const fx = fixture();
    for (const op of sweptWrites) {
      const request = ruleCase(op)?.(fx).request;
      if (request?.body !== undefined && op.body) {
        expect(accepts(op.body, 'body', request.body), op.operationId).toBe(true);
      }
      const valid = plausibleRequest(op, fx).body;
      if (op.body)
        expect(accepts(op.body, 'body', valid), `${op.operationId} plausible`).toBe(true);
    }
  });
});

// A write without body or parameters (clearing the company hours) has no input to get wrong.
describe.each(sweptWrites.filter(takesInput).map((op) => [`${op.method} ${op.path}`, op] as const))(
  '%s',
  (_name, op) => {
    it('answers every bad request with 400 and a message, and changes no row', async () => {
      const fx = fixture();
      const cases = casesOf(op, fx);
      const before = await snapshotWorkspace(t.db, fx.ws.workspaceId);
      for (const bad of cases) {
        const reply = await send(t, fx.ws.admin.token, op, bad.request);
        expect(reply.statusCode, `${bad.label}: ${reply.body}`).toBe(400);
        const { error, message } = reply.json<{ error: string; message: string }>();
        expect(error, bad.label).toBe('bad_request');
        expect(message.trim(), bad.label).not.toBe('');
        expect(message, bad.label).toContain(bad.says);
        expect(await snapshotWorkspace(t.db, fx.ws.workspaceId), bad.label).toEqual(before);
      }
    });
  },
);
