import { describe, expect, it } from 'vitest';
import { client, setFeature, type TestWorkspace } from '../support/app';
import { setUpTestApp } from '../support/suite';

const BASE = '/portal/api/settings/contact-groups/';
const REPEATED = 'Please check that the name is not repeated';
const INVALID = 'Please check that all email addresses are correct.';

const t = setUpTestApp('groups');

const workspace = () => t.workspace();

const { admin } = t;
const q = (name: string) => `?name=${encodeURIComponent(name)}`;

type ContactIn = { address?: string | null; domain?: string | null };

async function create(
  ws: TestWorkspace,
  name: string,
  contacts: ContactIn[] = [{ address: 'ann@customer.example' }],
) {
  const res = await admin(ws).post(`${BASE}create/`, { name, contacts });
  expect(res.statusCode).toBe(201);
  return res.json<{ contact_group: string; contacts_number: number }>();
}

async function details(ws: TestWorkspace, name: string) {
  const res = await admin(ws).get(`${BASE}details/${q(name)}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ contacts: { id: number; item: string }[] }>().contacts;
}

/** Every group and contact of a workspace, straight from the tables. */
async function stored(workspaceId: number) {
  return t.db.query<{ name: string; kind: string; value: string }>(
    `select g.name, c.kind, c.value from contact_groups g
       left join contacts c on c.workspace_id = g.workspace_id and c.group_id = g.group_id
      where g.workspace_id = $1 order by g.name, c.value`,
    [workspaceId],
  );
}

describe('creating groups', () => {
  it('stores the trimmed name and the cleaned contacts, dropping repeats', async () => {
    const ws = await workspace();
    const group = await create(ws, '  VIP customers ', [
      { address: ' Ann@Customer.example ' },
      { domain: 'Partner.example', address: null },
      { address: 'ann@customer.example' },
      { domain: 'bob@customer.example' },
    ]);
    expect(group).toEqual({ contact_group: 'VIP customers', contacts_number: 3 });
    expect(await stored(ws.workspaceId)).toEqual([
      { name: 'VIP customers', kind: 'address', value: 'ann@customer.example' },
      { name: 'VIP customers', kind: 'address', value: 'bob@customer.example' },
      { name: 'VIP customers', kind: 'domain', value: 'partner.example' },
    ]);
  });

  it('refuses a name already used, ignoring case', async () => {
    const ws = await workspace();
    await create(ws, 'Partners');
    const res = await admin(ws).post(`${BASE}create/`, {
      name: ' PARTNERS',
      contacts: [{ domain: 'x.example' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: REPEATED });
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it('lets only one of two simultaneous creates with the same name through', async () => {
    const ws = await workspace();
    const body = (name: string) => ({ name, contacts: [{ domain: 'x.example' }] });
    const replies = await Promise.all([
      admin(ws).post(`${BASE}create/`, body('Partners')),
      admin(ws).post(`${BASE}create/`, body('partners')),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(replies.find((r) => r.statusCode === 400)?.json()).toMatchObject({ message: REPEATED });
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  const badContacts: [string, ContactIn[]][] = [
    ['an address that is not an email', [{ address: 'ann' }]],
    ['a domain that is not a domain', [{ domain: 'customer' }]],
    ['an entry with @ that is not an email', [{ domain: 'ann@' }]],
    ['both address and domain', [{ address: 'ann@customer.example', domain: 'customer.example' }]],
    ['neither address nor domain', [{ address: null, domain: '  ' }]],
    [
      'one bad entry among good ones',
      [{ address: 'ann@customer.example' }, { domain: 'not a domain' }],
    ],
  ];
  it.each(badContacts)('refuses %s and stores nothing', async (_name, contacts) => {
    const ws = await workspace();
    const res = await admin(ws).post(`${BASE}create/`, { name: 'Customers', contacts });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: INVALID });
    expect(await stored(ws.workspaceId)).toEqual([]);
  });

  it('refuses bodies the contract does not allow', async () => {
    const ws = await workspace();
    const bodies = [
      { name: 'G', contacts: [] },
      { name: '   ', contacts: [{ domain: 'x.example' }] },
      { contacts: [{ domain: 'x.example' }] },
    ];
    for (const payload of bodies)
      expect((await admin(ws).post(`${BASE}create/`, payload)).statusCode).toBe(400);
    expect(await stored(ws.workspaceId)).toEqual([]);
  });
});

describe('reading groups', () => {
  it('lists groups by name with their contact counts', async () => {
    const ws = await workspace();
    await create(ws, 'beta', [{ domain: 'a.example' }, { domain: 'b.example' }]);
    await create(ws, 'Alpha');
    const res = await admin(ws).get(BASE);
    expect(res.json()).toEqual({
      contact_groups: [
        { contact_group: 'Alpha', contacts_number: 1 },
        { contact_group: 'beta', contacts_number: 2 },
      ],
    });
  });

  it('returns the contacts of a group by item, matching the name without case', async () => {
    const ws = await workspace();
    await create(ws, 'Customers', [{ domain: 'zeta.example' }, { address: 'ann@alpha.example' }]);
    const contacts = await details(ws, 'CUSTOMERS');
    expect(contacts.map((c) => c.item)).toEqual(['ann@alpha.example', 'zeta.example']);
    expect(contacts.every((c) => Number.isInteger(c.id))).toBe(true);
  });

  it('answers 404 for an unknown group', async () => {
    const ws = await workspace();
    expect((await admin(ws).get(`${BASE}details/${q('Nobody')}`)).statusCode).toBe(404);
  });
});

describe('changing groups', () => {
  it('adds contacts, skipping ones already present', async () => {
    const ws = await workspace();
    await create(ws, 'Customers', [{ address: 'ann@customer.example' }]);
    const res = await admin(ws).post(`${BASE}add_contacts/${q('customers')}`, {
      contacts: [
        { address: 'ANN@customer.example' },
        { domain: 'partner.example' },
        { domain: 'partner.example' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ contacts: { item: string }[] }>().contacts.map((c) => c.item)).toEqual([
      'ann@customer.example',
      'partner.example',
    ]);
  });

  it('refuses invalid contacts to add, and an unknown group', async () => {
    const ws = await workspace();
    await create(ws, 'Customers');
    const bad = await admin(ws).post(`${BASE}add_contacts/${q('Customers')}`, {
      contacts: [{ domain: 'ok.example' }, { address: 'nope' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: INVALID });
    const unknown = await admin(ws).post(`${BASE}add_contacts/${q('Other')}`, {
      contacts: [{ domain: 'ok.example' }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await stored(ws.workspaceId)).toHaveLength(1);
  });

  it('renames a group, allowing a change of case but not another group’s name', async () => {
    const ws = await workspace();
    await create(ws, 'Customers');
    await create(ws, 'Partners');
    const same = await admin(ws).post(`${BASE}rename/${q('customers')}`, { name: 'CUSTOMERS ' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ contact_group: 'CUSTOMERS', contacts_number: 1 });
    const taken = await admin(ws).post(`${BASE}rename/${q('CUSTOMERS')}`, { name: 'partners' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: REPEATED });
    expect((await admin(ws).post(`${BASE}rename/${q('Nobody')}`, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await stored(ws.workspaceId)).map((r) => r.name)).toEqual(['CUSTOMERS', 'Partners']);
  });

  it('deletes a group with its contacts', async () => {
    const ws = await workspace();
    await create(ws, 'Customers', [{ domain: 'a.example' }, { domain: 'b.example' }]);
    expect((await admin(ws).delete(`${BASE}delete_group/${q('customers')}`)).statusCode).toBe(204);
    expect(await stored(ws.workspaceId)).toEqual([]);
    expect(
      await t.db.query(`select 1 from contacts where workspace_id = $1`, [ws.workspaceId]),
    ).toEqual([]);
    expect((await admin(ws).delete(`${BASE}delete_group/${q('customers')}`)).statusCode).toBe(404);
  });
});

describe('removing contacts', () => {
  it('removes the chosen contacts and returns the ones left', async () => {
    const ws = await workspace();
    await create(ws, 'Customers', [
      { domain: 'a.example' },
      { domain: 'b.example' },
      { domain: 'c.example' },
    ]);
    const [a, , c] = await details(ws, 'Customers');
    const res = await admin(ws).post(`${BASE}remove_contacts/${q('Customers')}`, {
      contact_ids: [a!.id, c!.id, a!.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ contacts: { item: string }[] }>().contacts.map((x) => x.item)).toEqual([
      'b.example',
    ]);
  });

  it('deletes the group when its last contacts are removed', async () => {
    const ws = await workspace();
    await create(ws, 'Customers', [{ domain: 'a.example' }, { domain: 'b.example' }]);
    const ids = (await details(ws, 'Customers')).map((x) => x.id);
    const res = await admin(ws).post(`${BASE}remove_contacts/${q('Customers')}`, {
      contact_ids: ids,
    });
    expect(res.json()).toEqual({ contacts: [] });
    expect(await stored(ws.workspaceId)).toEqual([]);
  });

  it('refuses ids of another group, removing nothing', async () => {
    const ws = await workspace();
    await create(ws, 'Customers', [{ domain: 'a.example' }, { domain: 'b.example' }]);
    await create(ws, 'Partners', [{ domain: 'p.example' }]);
    const [own] = await details(ws, 'Customers');
    const [other] = await details(ws, 'Partners');
    const before = await stored(ws.workspaceId);
    const cases = [
      [[own!.id, other!.id], 'Some of the contacts are not in this group.'],
      [[own!.id, 2_147_483_648], 'body/contact_ids/1 must be <= 2147483647'],
      [[0], 'body/contact_ids/0 must be >= 1'],
    ] as const;
    for (const [ids, message] of cases) {
      const res = await admin(ws).post(`${BASE}remove_contacts/${q('Customers')}`, {
        contact_ids: ids,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect(await stored(ws.workspaceId)).toEqual(before);
  });
});

describe('access', () => {
  it('refuses managers and viewers', async () => {
    const ws = await workspace();
    await create(ws, 'Customers');
    for (const session of [ws.manager, ws.viewer]) {
      const c = client(t.app, session.token);
      const replies = [
        await c.get(BASE),
        await c.get(`${BASE}details/${q('Customers')}`),
        await c.post(`${BASE}create/`, { name: 'Other', contacts: [{ domain: 'x.example' }] }),
        await c.post(`${BASE}rename/${q('Customers')}`, { name: 'Renamed' }),
        await c.delete(`${BASE}delete_group/${q('Customers')}`),
      ];
      expect(replies.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect((await stored(ws.workspaceId)).map((r) => r.name)).toEqual(['Customers']);
  });

  it('allows only reads when read-only, and nothing when disabled', async () => {
    const ws = await workspace();
    await create(ws, 'Customers');
    const before = await stored(ws.workspaceId);
    await setFeature(t.db, ws.workspaceId, 'contact_groups', true, true);
    expect((await admin(ws).get(BASE)).statusCode).toBe(200);
    expect((await admin(ws).get(`${BASE}details/${q('Customers')}`)).statusCode).toBe(200);
    const writes = [
      await admin(ws).post(`${BASE}create/`, {
        name: 'Other',
        contacts: [{ domain: 'x.example' }],
      }),
      await admin(ws).post(`${BASE}add_contacts/${q('Customers')}`, {
        contacts: [{ domain: 'x.example' }],
      }),
      await admin(ws).post(`${BASE}rename/${q('Customers')}`, { name: 'Renamed' }),
      await admin(ws).post(`${BASE}remove_contacts/${q('Customers')}`, { contact_ids: [1] }),
      await admin(ws).delete(`${BASE}delete_group/${q('Customers')}`),
    ];
    expect(writes.map((r) => r.json<{ error: string }>().error)).toEqual(
      Array(5).fill('read_only'),
    );
    await setFeature(t.db, ws.workspaceId, 'contact_groups', false, false);
    expect((await admin(ws).get(BASE)).json()).toMatchObject({ error: 'feature_disabled' });
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it("never reads or changes another workspace's groups", async () => {
    const a = await workspace();
    const b = await workspace();
    await create(a, 'Customers', [{ domain: 'a.example' }]);
    const [contact] = await details(a, 'Customers');
    const before = await stored(a.workspaceId);
    expect((await admin(b).get(BASE)).json()).toEqual({ contact_groups: [] });
    expect((await admin(b).get(`${BASE}details/${q('Customers')}`)).statusCode).toBe(404);
    expect(
      (await admin(b).post(`${BASE}rename/${q('Customers')}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await admin(b).delete(`${BASE}delete_group/${q('Customers')}`)).statusCode).toBe(404);
    expect(
      (
        await admin(b).post(`${BASE}add_contacts/${q('Customers')}`, {
          contacts: [{ domain: 'b.example' }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await admin(b).post(`${BASE}remove_contacts/${q('Customers')}`, {
          contact_ids: [contact!.id],
        })
      ).statusCode,
    ).toBe(404);
    // B may use the same name: names are unique per workspace.
    await create(b, 'Customers', [{ domain: 'b.example' }]);
    const [own] = await details(b, 'Customers');
    const stolen = await admin(b).post(`${BASE}remove_contacts/${q('Customers')}`, {
      contact_ids: [contact!.id, own!.id],
    });
    expect(stolen.statusCode).toBe(400);
    expect(await stored(a.workspaceId)).toEqual(before);
  });
});
