import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from '../../../common/access-model';
import { client, setFeature } from '../support/app';
import { storedRequests } from '../support/stored-requests';
import { setUpTestApp } from '../support/suite';

// Storing feedback and integration requests; their delivery to the webhooks is in
// requests-forwarding.test.ts.

const FEEDBACK = '/portal/api/feedback/';
const INTEGRATION = '/portal/api/integration-requests/';
const SHORT = 'Please write a little more: the text must be longer than 5 characters.';

// The app under test has no webhook configured, so its own forwarder leaves every row queued.
const t = setUpTestApp('requests');
const workspace = () => t.workspace();
const stored = (workspaceId: number) => storedRequests(workspaceId, t);

describe('storing requests', () => {
  it('stores feedback with the sender, client and role, and replies 202 queued', async () => {
    const ws = await workspace();
    const res = await client(t.app, ws.viewer.token).post(FEEDBACK, {
      content: '  The export is slow  ',
      type: 'Bug',
    });
    expect(res.statusCode).toBe(202);
    const reply = res.json<{ id: number; status: string }>();
    expect(reply.status).toBe('queued');
    expect(await stored(ws.workspaceId)).toEqual([
      expect.objectContaining({
        request_id: reply.id,
        kind: 'feedback',
        email: ws.viewer.email,
        client: ws.name,
        role: 'viewer',
        content: 'The export is slow',
        feedback_type: 'Bug',
        integration_name: null,
        attempts: 0,
        delivered: false,
      }),
    ]);
  });

  it('stores an integration request with its name and id', async () => {
    const ws = await workspace();
    const res = await client(t.app, ws.manager.token).post(INTEGRATION, {
      content: 'We use it for every deal',
      integration_name: ' Hubspot ',
      integration_id: 'hubspot',
    });
    expect(res.statusCode).toBe(202);
    expect(await stored(ws.workspaceId)).toEqual([
      expect.objectContaining({
        kind: 'integration',
        email: ws.manager.email,
        role: 'manager',
        content: 'We use it for every deal',
        feedback_type: null,
        integration_name: 'Hubspot',
        integration_id: 'hubspot',
      }),
    ]);
  });

  it('belongs to no feature: works with every feature disabled', async () => {
    const ws = await workspace();
    for (const feature of FEATURE_NAMES) {
      await setFeature(t.db, ws.workspaceId, feature, false, false);
    }
    const res = await client(t.app, ws.admin.token).post(FEEDBACK, {
      content: 'Love it, thanks',
      type: 'Question',
    });
    expect(res.statusCode).toBe(202);
  });

  it('needs a signed-in user', async () => {
    const ws = await workspace();
    expect(
      (await client(t.app).post(FEEDBACK, { content: 'Anonymous note', type: 'Bug' })).statusCode,
    ).toBe(401);
    expect(await stored(ws.workspaceId)).toEqual([]);
  });

  const badFeedback: [string, unknown, string | null][] = [
    ['text of 5 characters once trimmed', { content: '   12345    ', type: 'Bug' }, SHORT],
    ['text of 5 characters', { content: '12345', type: 'Bug' }, null],
    ['an unknown type', { content: 'Long enough text', type: 'Praise' }, null],
    ['no type', { content: 'Long enough text' }, null],
    ['an extra field', { content: 'Long enough text', type: 'Bug', email: 'x@y.example' }, null],
  ];
  it.each(badFeedback)(
    'refuses feedback with %s, storing nothing',
    async (_name, body, message) => {
      const ws = await workspace();
      const res = await client(t.app, ws.admin.token).post(FEEDBACK, body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json()).toMatchObject({ error: 'bad_request', message });
      expect(await stored(ws.workspaceId)).toEqual([]);
    },
  );

  const badIntegration: [string, unknown, string | null][] = [
    ['short text', { content: ' hi ', integration_name: 'Zoho', integration_id: 'zoho' }, null],
    [
      'text of 5 characters once trimmed',
      { content: '\n12345\t\t', integration_name: 'Zoho', integration_id: 'zoho' },
      SHORT,
    ],
    [
      'a blank name',
      { content: 'Long enough text', integration_name: '  ', integration_id: 'zoho' },
      'Please choose the integration you are asking for.',
    ],
    ['no id', { content: 'Long enough text', integration_name: 'Zoho' }, null],
  ];
  it.each(badIntegration)(
    'refuses an integration request with %s, storing nothing',
    async (_name, body, message) => {
      const ws = await workspace();
      const res = await client(t.app, ws.admin.token).post(INTEGRATION, body);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json()).toMatchObject({ error: 'bad_request', message });
      expect(await stored(ws.workspaceId)).toEqual([]);
    },
  );
});
