import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMicrosoftConnector } from '../../../../server/mail/microsoft/connector';
import { MICROSOFT_FAILURES } from '../../../../server/mail/microsoft/failures';
import type { MicrosoftAccount } from '../../../../server/mail/microsoft/graph';
import { startGraphStandin, type GraphStandin } from '../../../support/graph-standin';
import { recordingSleep } from '../../support/cloud-sync';

// The probe behind the add-mailboxes validation, and the app's client-credentials token.

let graph: GraphStandin;

beforeAll(async () => {
  graph = await startGraphStandin();
  const known = graph.addMailbox('ana@acme.example');
  const from = { address: 'customer@client.example' };
  known.add('inbox', { received: new Date(), from });
  known.add('inbox', { received: new Date(), from });
  known.add('sentitems', { received: new Date(), from: { address: 'ana@acme.example' } });
  graph.addMailbox('onprem@acme.example').restEnabled = false;
  graph.addMailbox('ceo@acme.example').accessDenied = true;
});
afterAll(() => graph.close());

const connector = (account: Partial<MicrosoftAccount> = {}) =>
  createMicrosoftConnector(
    { ...graph.account, ...account },
    { loginBaseUrl: graph.loginBaseUrl, graphBaseUrl: graph.graphBaseUrl },
    { sleep: recordingSleep().sleep },
  );

describe('Microsoft probe', () => {
  it('finds a mailbox and gives its inbox count', async () => {
    expect(await connector().probe('Ana@acme.example')).toEqual({ ok: true, messageCount: 2 });
  });

  it.each([
    [
      'an unknown mailbox (ErrorInvalidUser)',
      'nobody@acme.example',
      MICROSOFT_FAILURES.unknownMailbox,
    ],
    [
      'a mailbox kept on premises (MailboxNotEnabledForRESTAPI)',
      'onprem@acme.example',
      MICROSOFT_FAILURES.notEnabled,
    ],
    [
      'a mailbox the app may not read (ErrorAccessDenied)',
      'ceo@acme.example',
      MICROSOFT_FAILURES.accessDenied,
    ],
  ])('explains %s', async (_, address, reason) => {
    expect(await connector().probe(address)).toEqual({ ok: false, reason });
  });

  it.each([
    [
      'a wrong client secret',
      { clientSecret: 'not-the-secret' },
      MICROSOFT_FAILURES.secretRefused,
      'invalid_client',
    ],
    [
      'an unknown client id',
      { clientId: '00000000-0000-0000-0000-000000000000' },
      MICROSOFT_FAILURES.unknownApp,
      'unauthorized_client',
    ],
    [
      'an unknown tenant',
      { tenant: 'elsewhere.onmicrosoft.com' },
      MICROSOFT_FAILURES.unknownTenant,
      'invalid_request',
    ],
  ])('is refused a token for %s, and says so', async (_, account, reason, error) => {
    expect(await connector(account).probe('ana@acme.example')).toEqual({ ok: false, reason });
    expect(graph.tokenRequests.at(-1)?.error).toBe(error);
  });
});

describe('Microsoft token', () => {
  it('is kept between calls and asked for again once when Graph refuses it', async () => {
    const microsoft = connector();
    const before = graph.tokenRequests.length;
    await microsoft.probe('ana@acme.example');
    await microsoft.probe('ana@acme.example');
    expect(graph.tokenRequests.length - before).toBe(1);
    graph.revokeTokens();
    expect(await microsoft.probe('ana@acme.example')).toEqual({ ok: true, messageCount: 2 });
    expect(graph.tokenRequests.length - before).toBe(2);
  });
});
