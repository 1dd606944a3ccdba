import { describe, expect, it } from 'vitest';
import {
  BASE,
  contactGroupRows,
  type ContactIn,
  INVALID,
  q,
  REPEATED,
} from '../support/contact-groups';
import { setUpTestApp } from '../support/suite';

// Creating and reading contact groups; changing them, removing contacts and who may call these
// paths are in contact-groups-change-access.test.ts.

const t = setUpTestApp('groups');
const { workspace, admin, create, details, stored } = contactGroupRows(t);

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
