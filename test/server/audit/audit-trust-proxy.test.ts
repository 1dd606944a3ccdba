import { describe, expect, it } from 'vitest';
import { auditRows } from '../support/audit';
import { XSRF } from '../support/app';
import { setUpTestApp } from '../support/suite';

// Behind one reverse proxy (TRUST_PROXY=1) the audit log records the address the proxy saw,
// not whatever the client wrote into X-Forwarded-For before it.

const t = setUpTestApp('trustproxy', { env: { TRUST_PROXY: '1' } });

describe('the client address behind a proxy', () => {
  it('with a hop count of 1, a spoofed X-Forwarded-For entry is not recorded', async () => {
    const ws = await t.workspace();
    const reply = await t.app.inject({
      method: 'DELETE',
      url: '/portal/api/settings/users/',
      remoteAddress: '10.0.0.2',
      headers: {
        authorization: `Token ${ws.admin.token}`,
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
        // The client wrote the first entry; the proxy appended the address it was called from.
        'x-forwarded-for': '198.51.100.66, 203.0.113.9',
      },
      payload: JSON.stringify({ emails: [ws.viewer.email] }),
    });
    expect(reply.statusCode, reply.body).toBe(204);
    const rows = await auditRows(t.db, ws.workspaceId);
    expect(rows.map((row) => [row.operation, row.client_address])).toEqual(
      rows.map((row) => [row.operation, '203.0.113.9']),
    );
    expect(rows.map((row) => row.operation)).toContain('deleteUsers');
  });
});
