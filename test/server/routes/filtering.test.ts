import { describe, expect, it } from 'vitest';
import { client, setFeature } from '../support/app';
import { setUpTestApp } from '../support/suite';
import { emptyExcludedFilters, type ExcludedFilters } from '../../../common/exclusions';

const URL = '/portal/api/settings/filtering-settings/';

const t = setUpTestApp('filtering');

const workspace = (provider: 'G' | 'M' = 'G') => t.workspace({ provider });

const { admin } = t;

function body(excluded: Partial<ExcludedFilters> = {}, internalDomains: string[] = []) {
  return {
    client_domains: { default_domains: ['ignored.example'] },
    filtering_settings: {
      excluded_filters: { ...emptyExcludedFilters(), ...excluded },
      internal_domains: internalDomains,
    },
  };
}

async function stored(workspaceId: number) {
  return t.db.query<{ excluded_filters: unknown; internal_domains: string[] }>(
    `select excluded_filters, internal_domains from filtering_settings where workspace_id = $1`,
    [workspaceId],
  );
}

describe('reading', () => {
  it('returns empty lists and the allowed domains when nothing was saved', async () => {
    const ws = await workspace();
    const res = await admin(ws).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      filtering_settings: { excluded_filters: emptyExcludedFilters(), internal_domains: [] },
      client_domains: { default_domains: [ws.domain] },
    });
  });

  it('lists a saved internal domain that has since become allowed only as a default domain', async () => {
    const ws = await workspace();
    await admin(ws).post(URL, body({}, ['partner.example', 'later.example']));
    await t.db.query(`update workspaces set allowed_domains = $2 where workspace_id = $1`, [
      ws.workspaceId,
      [ws.domain, 'later.example'],
    ]);
    const res = await admin(ws).get(URL);
    expect(res.json()).toMatchObject({
      filtering_settings: { internal_domains: ['partner.example'] },
      client_domains: { default_domains: [ws.domain, 'later.example'] },
    });
  });
});

describe('saving', () => {
  it('cleans the lists, stores them and replies with the saved state', async () => {
    const ws = await workspace();
    const res = await admin(ws).post(
      URL,
      body(
        {
          addresses: {
            is: [' Boss@Customer.example', 'boss@customer.example'],
            contains: ['NoReply'],
          },
          domains: { is: ['*.Spam.example', 'spam.example'], contains: ['ads'] },
          subject: { is: ['Out of office'], contains: ['Invoice', 'invoice '] },
          labels: { is: ['Newsletters'], contains: ['promo'] },
        },
        [' Partner.example', 'partner.example', ws.domain.toUpperCase()],
      ),
    );
    expect(res.statusCode).toBe(200);
    const expected = {
      ...emptyExcludedFilters(),
      addresses: { is: ['boss@customer.example'], contains: ['noreply'] },
      domains: { is: ['*.spam.example', 'spam.example'], contains: ['ads'] },
      subject: { is: ['Out of office'], contains: ['Invoice'] },
      labels: { is: ['Newsletters'], contains: ['promo'] },
    };
    expect(res.json()).toEqual({
      filtering_settings: { excluded_filters: expected, internal_domains: ['partner.example'] },
      client_domains: { default_domains: [ws.domain] },
    });
    expect(await stored(ws.workspaceId)).toEqual([
      { excluded_filters: expected, internal_domains: ['partner.example'] },
    ]);
    expect((await admin(ws).get(URL)).json()).toEqual(res.json());
  });

  it('replaces the previous settings, and an empty set may be saved', async () => {
    const ws = await workspace();
    await admin(ws).post(URL, body({ subject: { is: ['x'], contains: [] } }, ['partner.example']));
    const res = await admin(ws).post(URL, body());
    expect(res.statusCode).toBe(200);
    expect(await stored(ws.workspaceId)).toEqual([
      { excluded_filters: emptyExcludedFilters(), internal_domains: [] },
    ]);
  });

  it('lets non-Google workspaces use folders and categories', async () => {
    const ws = await workspace('M');
    const res = await admin(ws).post(
      URL,
      body({
        folders: { is: ['Archive'], contains: [] },
        categories: { is: [], contains: ['Social'] },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filtering_settings: {
        excluded_filters: { folders: { is: ['Archive'] }, categories: { contains: ['Social'] } },
      },
    });
  });
});

describe('refusing bad bodies', () => {
  const cases: [string, 'G' | 'M', ReturnType<typeof body>, string][] = [
    [
      'an address that is not an email',
      'G',
      body({ addresses: { is: ['boss'], contains: [] } }),
      '"boss" is not a valid entry for the condition Address is.',
    ],
    [
      'a domain that is not a domain',
      'G',
      body({ domains: { is: ['spam'], contains: [] } }),
      '"spam" is not a valid entry for the condition Domain is.',
    ],
    [
      'an address fragment with a space',
      'G',
      body({ addresses: { is: [], contains: ['no reply'] } }),
      '"no reply" is not a valid entry for the condition Address contains.',
    ],
    [
      'a domain fragment with a space',
      'G',
      body({ domains: { is: [], contains: ['sp am'] } }),
      '"sp am" is not a valid entry for the condition Domain contains.',
    ],
    [
      'a blank subject',
      'G',
      body({ subject: { is: ['   '], contains: [] } }),
      '"" is not a valid entry for the condition Subject is.',
    ],
    [
      'labels outside Google',
      'M',
      body({ labels: { is: ['x'], contains: [] } }),
      'The Label field is only available for Google workspaces.',
    ],
    [
      'folders on Google',
      'G',
      body({ folders: { is: ['x'], contains: [] } }),
      'The Folder field is not available for Google workspaces.',
    ],
    [
      'categories on Google',
      'G',
      body({ categories: { is: [], contains: ['x'] } }),
      'The Category field is not available for Google workspaces.',
    ],
    [
      'an invalid internal domain',
      'G',
      body({}, ['partner.example', 'not a domain']),
      'Some of the entries are not valid domains.',
    ],
    [
      'a wildcard internal domain',
      'G',
      body({}, ['*.partner.example']),
      'Some of the entries are not valid domains.',
    ],
  ];

  it.each(cases)('refuses %s and changes nothing', async (_name, provider, payload, message) => {
    const ws = await workspace(provider);
    await admin(ws).post(URL, body({ subject: { is: ['kept'], contains: [] } }, ['kept.example']));
    const before = await stored(ws.workspaceId);
    const res = await admin(ws).post(URL, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message });
    expect(await stored(ws.workspaceId)).toEqual(before);
  });

  it('refuses bodies the contract does not allow, storing nothing', async () => {
    const ws = await workspace();
    const missingField = {
      filtering_settings: {
        excluded_filters: { subject: { is: [], contains: [] } },
        internal_domains: [],
      },
    };
    for (const payload of [
      {},
      missingField,
      { filtering_settings: { excluded_filters: emptyExcludedFilters() } },
    ]) {
      expect((await admin(ws).post(URL, payload)).statusCode).toBe(400);
    }
    expect(await stored(ws.workspaceId)).toEqual([]);
  });
});

describe('access', () => {
  it('refuses managers and viewers', async () => {
    const ws = await workspace();
    for (const session of [ws.manager, ws.viewer]) {
      const c = client(t.app, session.token);
      expect((await c.get(URL)).statusCode).toBe(403);
      expect((await c.post(URL, body({}, ['partner.example']))).statusCode).toBe(403);
    }
    expect(await stored(ws.workspaceId)).toEqual([]);
  });

  it('allows only reads when read-only, and nothing when disabled', async () => {
    const ws = await workspace();
    await setFeature(t.db, ws.workspaceId, 'metric_adjustments', true, true);
    expect((await admin(ws).get(URL)).statusCode).toBe(200);
    const write = await admin(ws).post(URL, body({}, ['partner.example']));
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ error: 'read_only' });
    await setFeature(t.db, ws.workspaceId, 'metric_adjustments', false, false);
    const read = await admin(ws).get(URL);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ error: 'feature_disabled' });
    expect(await stored(ws.workspaceId)).toEqual([]);
  });

  it("keeps each workspace's settings apart", async () => {
    const a = await workspace();
    const b = await workspace();
    await admin(a).post(
      URL,
      body({ subject: { is: ['secret'], contains: [] } }, ['a-partner.example']),
    );
    await admin(b).post(URL, body({}, ['b-partner.example']));
    expect((await admin(b).get(URL)).json()).toEqual({
      filtering_settings: {
        excluded_filters: emptyExcludedFilters(),
        internal_domains: ['b-partner.example'],
      },
      client_domains: { default_domains: [b.domain] },
    });
    expect(await stored(a.workspaceId)).toEqual([
      {
        excluded_filters: { ...emptyExcludedFilters(), subject: { is: ['secret'], contains: [] } },
        internal_domains: ['a-partner.example'],
      },
    ]);
  });
});
