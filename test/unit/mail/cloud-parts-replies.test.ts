import { describe, expect, it } from 'vitest';
import { parseAddressList } from '../../../server/mail/address-list';
import { GOOGLE_FAILURES } from '../../../server/mail/google/failures';
import { MICROSOFT_FAILURES } from '../../../server/mail/microsoft/failures';
import { HttpError } from '../../../server/mail/cloud-http';
import { apiFailure as gmailFailure } from '../../../server/mail/google/api';
import { toSyncedMessage as fromGmail } from '../../../server/mail/google/messages';
import { tokenFailure as googleTokenFailure } from '../../../server/mail/google/auth';
import {
  apiFailure as graphFailure,
  toSyncedMessage as fromGraph,
  tokenFailure as microsoftTokenFailure,
} from '../../../server/mail/microsoft/graph';

// The pure parts of the Google and Microsoft connectors that read the providers' replies: their
// failures in words and their messages as the store takes them. How the requests are made is in
// cloud-parts-requests.test.ts; the HTTP is tested in test/server.

describe('the providers’ failures in words', () => {
  it.each([
    [
      { error: 'invalid_grant', error_description: 'Invalid email or User ID' },
      GOOGLE_FAILURES.unknownMailbox,
    ],
    [
      { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
      GOOGLE_FAILURES.keyRefused,
    ],
    [
      { error: 'unauthorized_client', error_description: 'Client is unauthorized …' },
      GOOGLE_FAILURES.delegationDenied,
    ],
    [
      { error: 'invalid_client', error_description: 'The OAuth client was not found.' },
      GOOGLE_FAILURES.keyRefused,
    ],
    [
      {
        error: 'invalid_grant',
        error_description: 'Invalid JWT: Token must be a short-lived token',
      },
      null,
    ],
  ])('Google token endpoint %j', (body, sentence) => {
    expect(googleTokenFailure(body)).toBe(sentence);
  });

  const gmailError = (code: number, message: string, reason: string) => ({
    error: { code, message, errors: [{ message, domain: 'global', reason }] },
  });

  it('Gmail API refusals', () => {
    expect(
      gmailFailure(
        new HttpError(400, gmailError(400, 'Mail service not enabled', 'failedPrecondition')),
      ).message,
    ).toBe(GOOGLE_FAILURES.mailNotEnabled);
    expect(
      gmailFailure(
        new HttpError(403, gmailError(403, 'Delegation denied for ana@acme.example', 'forbidden')),
      ).message,
    ).toBe(GOOGLE_FAILURES.delegationDenied);
    const other = gmailFailure(
      new HttpError(400, gmailError(400, 'Invalid id value', 'invalidArgument')),
    );
    expect(other).toMatchObject({
      message: 'Gmail refused the request (400: Invalid id value)',
      transient: false,
    });
  });

  it.each([
    [
      'AADSTS7000215: Invalid client secret provided.',
      'invalid_client',
      MICROSOFT_FAILURES.secretRefused,
    ],
    [
      "AADSTS700016: Application with identifier 'x' was not found",
      'unauthorized_client',
      MICROSOFT_FAILURES.unknownApp,
    ],
    ["AADSTS90002: Tenant 'x' not found.", 'invalid_request', MICROSOFT_FAILURES.unknownTenant],
  ])('Microsoft token endpoint %s', (description, error, sentence) => {
    expect(microsoftTokenFailure({ error, error_description: description })).toBe(sentence);
  });

  it.each([
    [404, 'ErrorInvalidUser', MICROSOFT_FAILURES.unknownMailbox],
    [404, 'MailboxNotEnabledForRESTAPI', MICROSOFT_FAILURES.notEnabled],
    [403, 'ErrorAccessDenied', MICROSOFT_FAILURES.accessDenied],
  ])('Graph %i %s', (status, code, sentence) => {
    expect(graphFailure(new HttpError(status, { error: { code, message: 'm' } })).message).toBe(
      sentence,
    );
  });
});

describe('messages as the store takes them', () => {
  it('from Gmail: id, thread, labels, SENT, internalDate and the headers asked for', () => {
    const message = fromGmail({
      id: '18c1',
      threadId: '18b0',
      labelIds: ['SENT', 'IMPORTANT'],
      internalDate: '1772445600000',
      payload: {
        headers: [
          { name: 'from', value: 'Ana <ana@acme.example>' },
          { name: 'From', value: 'second@acme.example' },
          { name: 'List-ID', value: '<list.acme.example>' },
        ],
      },
    });
    expect(message).toMatchObject({
      providerId: '18c1',
      threadKey: '18b0',
      folder: null,
      labels: ['SENT', 'IMPORTANT'],
      inSentFolder: true,
      sentAt: new Date('2026-03-02T10:00:00Z'),
    });
    expect(message.headers).toMatchObject({
      from: 'Ana <ana@acme.example>',
      listId: '<list.acme.example>',
      to: null,
      references: null,
    });
  });

  it('from Graph: conversation, folder, categories, the right time and quoted names', () => {
    const graphMessage = {
      id: 'AAMk1',
      conversationId: 'conv-1',
      internetMessageId: '<a@acme.example>',
      receivedDateTime: '2026-03-02T10:01:00Z',
      sentDateTime: '2026-03-02T10:00:00Z',
      from: { emailAddress: { name: 'Sales, "Desk"', address: 'sales@acme.example' } },
      toRecipients: [
        { emailAddress: { name: 'Carla', address: 'carla@client.example' } },
        { emailAddress: { address: 'bo@client.example' } },
      ],
      categories: ['Customer'],
      internetMessageHeaders: [{ name: 'in-reply-to', value: '<q@client.example>' }],
    };
    const sentItems = { id: 'f-sent', path: 'Sent Items', sent: true };
    const sent = fromGraph(graphMessage, sentItems, 'desk@acme.example');
    expect(sent).toMatchObject({
      providerId: 'AAMk1',
      threadKey: 'conv-1',
      folder: 'Sent Items',
      categories: ['Customer'],
      inSentFolder: true,
      sentAt: new Date('2026-03-02T10:00:00Z'),
    });
    expect(sent.headers).toMatchObject({
      messageId: '<a@acme.example>',
      inReplyTo: '<q@client.example>',
      cc: null,
    });
    expect(parseAddressList(sent.headers.from)).toEqual([
      { address: 'sales@acme.example', name: 'Sales, "Desk"' },
    ]);
    expect(parseAddressList(sent.headers.to).map((a) => a.address)).toEqual([
      'carla@client.example',
      'bo@client.example',
    ]);
    const inbox = { id: 'f-inbox', path: 'Inbox', sent: false };
    expect(fromGraph(graphMessage, inbox, 'desk@acme.example')).toMatchObject({
      folder: 'Inbox',
      inSentFolder: false,
      sentAt: new Date('2026-03-02T10:01:00Z'),
    });
    // Sent by the mailbox and filed elsewhere: dated when it was sent all the same.
    const archive = { id: 'f-archive', path: 'Archive', sent: false };
    expect(fromGraph(graphMessage, archive, 'sales@acme.example')).toMatchObject({
      folder: 'Archive',
      inSentFolder: false,
      sentAt: new Date('2026-03-02T10:00:00Z'),
    });
  });
});
