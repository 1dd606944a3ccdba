import { describe, expect, it } from 'vitest';
import { client, setFeature } from '../support/app';
import { BASE, contactGroupRows, INVALID, q, REPEATED } from '../support/contact-groups';
import { setUpTestApp } from '../support/suite';

// Changing contact groups, removing their contacts, and who may call the contact groups paths;
// creating and reading groups are in contact-groups-create-read.test.ts.

const t = setUpTestApp('groupchg');
const { workspace, admin, create, details, stored } = contactGroupRows(t);

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
