import { describe, expect, it } from 'vitest';
import {
  alertBody,
  canSubmitAlert,
  checkAlertDraft,
  alertDraftMissing,
  draftFromAlert,
  EMPTY_ALERT_DRAFT,
  gapHours,
  isValidTarget,
  type AlertDraft,
} from '../../../src/machines/alerts/alerts.draft';
import { alertsRemovedToast, lastTriggeredText } from '../../../src/machines/alerts/alerts.rows';
import { makeAlert } from '../../support/alerts-fixtures';

const VALID: AlertDraft = {
  ...EMPTY_ALERT_DRAFT,
  name: 'Key accounts',
  mailboxes: ['sales@acme.example'],
  hours: '2',
  targets: {
    values: ['bigclient.example', '*.globex.example', 'ceo@initech.example'],
    pending: '',
  },
  notifyEmails: { values: ['ada@acme.example'], pending: '' },
};

describe('alert draft', () => {
  it('takes whole hours above 0 and marks a typed 1.5 instead of turning it into 15', () => {
    expect(checkAlertDraft({ ...VALID, hours: '1.5' }).hoursInvalid).toBe(true);
    expect(gapHours('3')).toBe(3);
    expect(gapHours('0')).toBeNull();
    expect(gapHours('')).toBeNull();
    expect(gapHours('2.5')).toBeNull();
  });

  it('says what keeps Create alert disabled', () => {
    expect(alertDraftMissing(VALID)).toBeNull();
    expect(
      alertDraftMissing({ ...VALID, name: ' ', notifyEmails: { values: [], pending: '' } }),
    ).toBe('Still needed: a name, a notification email.');
    const wrong = { ...VALID, targets: { values: ['not a domain'], pending: '' } };
    expect(alertDraftMissing(wrong)).toBe('Correct the entries marked in red.');
  });

  it('takes an email, a domain or a subdomain pattern to watch', () => {
    expect(isValidTarget('ceo@bigclient.example')).toBe(true);
    expect(isValidTarget('bigclient.example')).toBe(true);
    expect(isValidTarget('*.bigclient.example')).toBe(true);
    expect(isValidTarget('ceo@')).toBe(false);
    expect(isValidTarget('not a domain')).toBe(false);
    expect(isValidTarget('bigclient')).toBe(false);
  });

  it('can be submitted once every validation rule of the specification holds', () => {
    expect(canSubmitAlert(VALID)).toBe(true);
    const broken: Partial<AlertDraft>[] = [
      { name: '  ' },
      { mailboxes: [] },
      { hours: '' },
      { hours: '0' },
      { targets: { values: [], pending: '' } },
      { targets: { values: ['bigclient'], pending: '' } },
      { targets: { values: ['bigclient.example'], pending: 'globex' } },
      { notifyEmails: { values: [], pending: '' } },
      { notifyEmails: { values: ['ada@'], pending: '' } },
      { notifyEmails: { values: ['ada@acme.example'], pending: 'max' } },
    ];
    for (const patch of broken) expect(canSubmitAlert({ ...VALID, ...patch })).toBe(false);
  });

  it('names the entries to mark red, and hours typed wrong', () => {
    const check = checkAlertDraft({
      ...VALID,
      hours: '0',
      targets: { values: ['bigclient.example', 'nope'], pending: '' },
      notifyEmails: { values: ['ada@acme.example', 'max@'], pending: '' },
    });
    expect(check).toEqual({
      invalidTargets: ['nope'],
      invalidNotifyEmails: ['max@'],
      hoursInvalid: true,
      webhookInvalid: false,
    });
    expect(checkAlertDraft(EMPTY_ALERT_DRAFT).hoursInvalid).toBe(false);
    for (const [hook, invalid] of [
      ['http://hooks.example/a', true],
      ['not a url', true],
      ['https://hooks.example/a', false],
      ['http://127.0.0.1:9000/a', false],
      ['  ', false],
    ] as const) {
      expect(checkAlertDraft({ ...VALID, notifyWebhook: hook }).webhookInvalid, hook).toBe(invalid);
    }
  });

  it('sends hours as minutes, and splits addresses from domains by their @', () => {
    expect(alertBody({ ...VALID, name: ' Key accounts ', notifyWebhook: 'https://hook' })).toEqual({
      name: 'Key accounts',
      minutes_gap: 120,
      base: 'unreplied_emails',
      mailboxes: ['sales@acme.example'],
      addresses: ['ceo@initech.example'],
      domains: ['bigclient.example', '*.globex.example'],
      notify_emails: ['ada@acme.example'],
      notify_webhook: 'https://hook',
    });
  });

  it('fills the modal from a fetched alert, keeping its webhook', () => {
    const alert = makeAlert(4, 'Billing', {
      minutes_gap: 240,
      addresses: ['ap@initech.example'],
      domains: ['initech.example'],
      notify_webhook: 'https://hooks.example/alerts',
    });
    expect(draftFromAlert(alert)).toEqual({
      id: 4,
      name: 'Billing',
      mailboxes: ['sales@acme.example'],
      hours: '4',
      targets: { values: ['initech.example', 'ap@initech.example'], pending: '' },
      notifyEmails: { values: ['ada@acme.example'], pending: '' },
      notifyWebhook: 'https://hooks.example/alerts',
    });
  });
});

describe('alert rows', () => {
  it('says Never until an alert fires', () => {
    expect(lastTriggeredText(makeAlert(1, 'A'))).toBe('Never');
    expect(lastTriggeredText(makeAlert(1, 'A', { last_triggered: '2025-05-06T12:00:00Z' }))).toBe(
      'May 06, 2025',
    );
  });

  it('toasts one removal or several in the product’s words', () => {
    expect(alertsRemovedToast(1).title).toBe('Your alert has been removed');
    expect(alertsRemovedToast(3).title).toBe('Your alerts have been removed');
  });
});
