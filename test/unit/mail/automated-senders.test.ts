import type { FetchMessageObject } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { AUTOMATED_LOCAL_PARTS } from '../../../common/automated-senders';
import { toSyncedMessages } from '../../../server/mail/imap/messages';
import {
  toSyncedMessage as fromGraph,
  type GraphMessage,
} from '../../../server/mail/microsoft/graph';
import { allOfDomainsOrLocalParts } from '../../../server/stats/exclusion-sql';

// Mail no one answers (docs/statistics.md, definitions 4 and 6): a meeting's cancellation as each
// connector reads it, and the recipients that make an outbound message answer nothing.

const INBOX = { id: 'inbox-id', path: 'Inbox', sent: false };

const graph = (type: string, meetingMessageType?: string) =>
  fromGraph(
    {
      id: 'AAk1',
      '@odata.type': `#microsoft.graph.${type}`,
      ...(meetingMessageType ? { meetingMessageType } : {}),
    } satisfies GraphMessage,
    INBOX,
    'sales@company.example',
  );

describe('Microsoft Graph: a meeting cancellation', () => {
  it.each([
    // Under the sync's $select Graph gives the type alone: the bare eventMessage is the cancellation.
    ['eventMessage', undefined, true],
    ['eventMessage', 'meetingCancelled', true],
    ['eventMessage', 'none', undefined],
    ['eventMessageRequest', undefined, undefined],
    ['eventMessageRequest', 'meetingRequest', undefined],
    ['eventMessageResponse', 'meetingAccepted', undefined],
    ['message', undefined, undefined],
  ])('%s with meetingMessageType %s: %s', (type, meetingMessageType, cancellation) => {
    expect(graph(type, meetingMessageType).meetingCancellation).toBe(cancellation);
  });
});

const calendar = (method: string) => ({
  part: '2',
  type: 'text/calendar',
  parameters: { charset: 'utf-8', method },
});

const imap = (bodyStructure: FetchMessageObject['bodyStructure']) => {
  const [message] = toSyncedMessages({ path: 'INBOX', uidValidity: '1', isSent: false }, [
    { seq: 1, uid: 1, headers: Buffer.from('Subject: x\r\n'), bodyStructure },
  ]);
  return { response: message?.meetingResponse, cancellation: message?.meetingCancellation };
};

describe('IMAP: a meeting cancellation in the body structure', () => {
  it('is a text/calendar part of method CANCEL at any depth, and not one inside a forwarded message', () => {
    const alternative = (method: string) => ({
      type: 'multipart/alternative',
      childNodes: [{ part: '1', type: 'text/plain' }, calendar(method)],
    });
    expect(imap({ type: 'multipart/mixed', childNodes: [alternative('Cancel')] })).toEqual({
      response: false,
      cancellation: true,
    });
    expect(imap(alternative('REPLY'))).toEqual({ response: true, cancellation: false });
    expect(imap(alternative('REQUEST'))).toEqual({ response: false, cancellation: false });
    const forwarded = {
      type: 'multipart/mixed',
      childNodes: [{ type: 'message/rfc822', childNodes: [alternative('CANCEL')] }],
    };
    expect(imap(forwarded)).toEqual({ response: false, cancellation: false });
  });
});

describe('recipients that answer nothing', () => {
  const noPerson = new RegExp(allOfDomainsOrLocalParts(['company.example'], AUTOMATED_LOCAL_PARTS));

  it.each([
    ['noreply@shop.example', true],
    ['no-reply@shop.example colleague@company.example', true],
    ['no_reply@a.example donotreply@b.example do-not-reply@c.example', true],
    ['mailer-daemon@mx.example postmaster@client.example', true],
    ['noreply@shop.example customer@client.example', false],
    ['noreply.team@shop.example', false],
    ['info@noreply.example', false],
    ['colleague@company.example', true],
  ])('%s (lower-cased, space-separated): no person outside = %s', (recipients, expected) => {
    expect(noPerson.test(recipients)).toBe(expected);
  });
});
