import { beforeAll, describe, expect, it } from 'vitest';
import { contractOperations } from '../../../server/contract/spec';
import type { OperationId } from '../../../server/contract/types';
import { client, createTestWorkspace, type TestWorkspace } from '../support/app';
import { callsAimedAt, type Call, type TargetIds } from '../support/isolation-calls';
import { setUpTestApp } from '../support/suite';
import { insertMessages, mailboxOf } from '../support/stats';
import { refreshThreadFacts } from '../../../server/stats/thread-facts';

/**
 * Two workspaces, Alpha with data of every kind and Beta. Beta's admin calls every operation of
 * the contract aimed at Alpha's ids, addresses and names (support/isolation-calls.ts): nothing of
 * Alpha may be read or changed.
 */

const t = setUpTestApp('isolation');
let alpha: TestWorkspace;
let beta: TestWorkspace;
const ids: TargetIds = {
  ...{ team: 0, alert: 0, contact: 0, report: 0 },
  requests: { waiting: '', closed: '' },
  apiToken: 0,
};

/** Strings only Alpha's stored data holds: Beta's calls never send them, so no reply may show them. */
const ALPHA_SECRETS = [
  'vip@customer.example',
  'ceo@customer.example',
  'alpha-spam.example',
  'alpha-partner.example',
  'admin@alpha.example',
  'manager@alpha.example',
  'viewer@alpha.example',
  'Alpha alert',
  'Alpha closed day',
];

async function seedAlpha() {
  const a = client(t.app, alpha.admin.token);
  const ok = async (reply: Promise<{ statusCode: number; body: string; json: <T>() => T }>) => {
    const r = await reply;
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r;
  };
  await ok(
    a.post('/portal/api/settings/mailboxes/', {
      emails: ['sales@alpha.example'],
      data_from: '2026-01-01',
    }),
  );
  const team = await ok(
    a.post('/portal/api/settings/teams/', { name: 'Alpha team', members: ['sales@alpha.example'] }),
  );
  ids.team = team.json<{ id: number }>().id;
  const alert = await ok(
    a.post('/portal/api/alerts/', {
      name: 'Alpha alert',
      minutes_gap: 120,
      base: 'unreplied_emails',
      mailboxes: ['sales@alpha.example'],
      addresses: ['vip@customer.example'],
      domains: [],
      notify_emails: ['admin@alpha.example'],
    }),
  );
  ids.alert = alert.json<{ id: number }>().id;
  await ok(
    a.post('/portal/api/settings/contact-groups/create/', {
      name: 'Alpha group',
      contacts: [{ address: 'ceo@customer.example' }],
    }),
  );
  const contacts = await ok(
    a.get('/portal/api/settings/contact-groups/details/?name=Alpha%20group'),
  );
  ids.contact = contacts.json<{ contacts: { id: number }[] }>().contacts[0]!.id;
  const hours = {
    business_hours: [{ weekday: 'Mon', start_time: '09:00:00', end_time: '17:00:00' }],
    timezone: 'Europe/Madrid',
  };
  await ok(a.post('/portal/api/settings/company-business-hours/', hours));
  await ok(a.post('/portal/api/settings/business-hours/sales@alpha.example', hours));
  await ok(
    a.post('/portal/api/settings/users/', {
      emails: ['mia@alpha.example'],
      role: 'manager',
      manage_mailboxes: ['sales@alpha.example'],
      manage_teams: [],
    }),
  );
  await ok(
    a.post('/portal/api/settings/filtering-settings/', {
      filtering_settings: {
        excluded_filters: {
          labels: { is: [], contains: [] },
          domains: { is: ['alpha-spam.example'], contains: [] },
          folders: { is: [], contains: [] },
          subject: { is: [], contains: [] },
          addresses: { is: [], contains: [] },
          categories: { is: [], contains: [] },
        },
        internal_domains: ['alpha-partner.example'],
      },
    }),
  );
  await ok(
    a.post('/portal/api/settings/holidays/', { date: '2026-12-24', name: 'Alpha closed day' }),
  );
  const report = await ok(a.post('/portal/api/reports/', { frequency: 'weekly' }));
  ids.report = report.json<{ id: number }>().id;
  ids.requests = await seedRequests();
  const token = await ok(
    a.post('/portal/api/settings/api-tokens/', {
      name: 'Alpha BI',
      scope: 'stats:read',
      expires_in_days: 30,
    }),
  );
  ids.apiToken = token.json<{ api_token: { id: number } }>().api_token.id;
}

/** Two requests to Alpha's sales@, the second closed by hand. */
async function seedRequests() {
  const sales = await mailboxOf(t.db, alpha.workspaceId, 'sales@alpha.example');
  const at = '2026-11-23T09:00:00Z';
  const messages = await insertMessages(t.db, sales, [
    { thread: 'waiting', at },
    { thread: 'closed', at, from: 'other@customer.example' },
  ]);
  await t.db.transaction((tx) =>
    refreshThreadFacts(tx, alpha.workspaceId, sales.mailboxId, ['waiting', 'closed']),
  );
  const [waiting = '', closed = ''] = messages.map((id) => `${sales.mailboxId}-${id}`);
  const path = `/portal/api/stats/unreplied/${closed}/closure`;
  expect((await client(t.app, alpha.admin.token).request('PUT', path)).statusCode).toBe(204);
  return { waiting, closed };
}

/** Everything Alpha's admin can read, to compare before and after Beta's calls. */
async function snapshot() {
  const a = client(t.app, alpha.admin.token);
  const paths = [
    '/portal/api/me/',
    '/portal/api/dashboard',
    '/portal/api/settings/mailboxes/',
    '/portal/api/settings/users/',
    '/portal/api/settings/teams/',
    '/portal/api/alerts/',
    '/portal/api/settings/company-business-hours/',
    '/portal/api/settings/business-hours/sales@alpha.example',
    '/portal/api/settings/filtering-settings/',
    '/portal/api/settings/contact-groups/',
    '/portal/api/settings/contact-groups/details/?name=Alpha%20group',
    '/portal/api/settings/holidays/',
    '/portal/api/reports/',
    '/portal/api/stats/summary?from=2026-11-01&to=2026-11-30',
    '/portal/api/settings/api-tokens/',
  ];
  const replies = await Promise.all(paths.map((p) => a.get(p)));
  const requests = await t.db.query(
    'select request_id from outbound_requests where workspace_id = $1',
    [alpha.workspaceId],
  );
  return { bodies: replies.map((r) => r.body), requests };
}

const betaCalls = (): Call[] => callsAimedAt(alpha, ids);

beforeAll(async () => {
  alpha = await createTestWorkspace(t.db, { domain: 'alpha.example', name: 'Alpha' });
  beta = await createTestWorkspace(t.db, { domain: 'beta.example', name: 'Beta' });
  await seedAlpha();
});

describe('workspaces are isolated', () => {
  it('exercises every signed-in operation of the contract', () => {
    const exercised = new Set(betaCalls().map(([op]) => op));
    const signedIn = [...contractOperations.values()]
      .filter((op) => !op.public)
      .map((op) => op.operationId);
    expect(signedIn.filter((op) => !exercised.has(op as OperationId))).toEqual([]);
  });

  it("never shows or changes Alpha's data to Beta's admin", async () => {
    const before = await snapshot();
    const b = client(t.app, beta.admin.token);
    const put = (url: string) => b.request('PUT', url);
    const verbs = { GET: b.get, POST: b.post, PATCH: b.patch, PUT: put, DELETE: b.delete } as const;
    for (const [op, method, url, body] of betaCalls()) {
      const reply = await verbs[method](url, body);
      expect(reply.statusCode, `${op} failed on the server`).toBeLessThan(500);
      for (const secret of ALPHA_SECRETS)
        expect(reply.body, `${op} leaked ${secret}`).not.toContain(secret);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('only guesses at Alpha through what Beta sends, never through its secrets', () => {
    const sent = JSON.stringify(betaCalls());
    expect(ALPHA_SECRETS.filter((secret) => sent.includes(secret))).toEqual([]);
  });
});
