import { describe, expect, it } from 'vitest';
import {
  activityCsvName,
  validateActivitySearch,
  withFilters,
  withPage,
} from '../../../src/domain/activity-search';
import { operationLabel, targetTypeLabel } from '../../../src/domain/audit-operations';
import { deviceOf, fieldChanges } from '../../../src/machines/audit/audit.rows';
import { makeEntry } from '../../support/audit-fixtures';

const NONE = {
  from: undefined,
  to: undefined,
  actor: undefined,
  operation: undefined,
  target: undefined,
  page: undefined,
};

describe('the Activity search params', () => {
  it('keeps valid params', () => {
    expect(
      validateActivitySearch({
        from: '2026-03-01',
        to: '2026-03-31',
        actor: ' ada@acme.example ',
        operation: 'user:add',
        target: 'Support',
        page: 3,
      }),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      actor: 'ada@acme.example',
      operation: 'user:add',
      target: 'Support',
      page: 3,
    });
  });

  it('drops what the API would refuse, and keeps the rest', () => {
    expect(
      validateActivitySearch({
        from: '2026-02-30',
        to: '2026-03-31',
        actor: 'a'.repeat(255),
        operation: 'drop table;',
        target: 'x\u0000y',
        page: 100_001,
      }),
    ).toEqual({ ...NONE, to: '2026-03-31' });
    expect(validateActivitySearch({ from: '2026-03-31', to: '2026-03-01' })).toEqual({
      ...NONE,
      from: '2026-03-31',
    });
    expect(validateActivitySearch({ page: 1 })).toEqual(NONE);
    expect(validateActivitySearch({ page: 2.5, target: 42 })).toEqual({ ...NONE, target: '42' });
  });

  it('starts new filters at the first page, and pages within the same filters', () => {
    const search = { operation: 'updateTeam', page: 4 };
    expect(withFilters(search, { actor: 'ada' })).toEqual({
      ...NONE,
      operation: 'updateTeam',
      actor: 'ada',
    });
    expect(withFilters(search, { operation: undefined })).toEqual(NONE);
    expect(withPage(search, 5)).toEqual({ ...NONE, operation: 'updateTeam', page: 5 });
  });

  it('names the export after its period', () => {
    expect(activityCsvName({ from: '2026-03-01', to: '2026-03-31' })).toBe(
      'mailpulse-activity-2026-03-01-2026-03-31.csv',
    );
    expect(activityCsvName({ actor: 'ada' })).toBe('mailpulse-activity.csv');
  });
});

describe('what the Activity tab calls things', () => {
  it.each([
    ['updateTeam', 'Edited a team'],
    ['signInRefused', 'Sign-in refused'],
    ['setCompanyBusinessHours', 'Set company hours'],
    ['user:add', 'CLI: user add'],
    ['auditRetention', 'Audit retention'],
  ])('labels the operation %s as %s', (id, label) => {
    expect(operationLabel(id)).toBe(label);
  });

  it('labels target types, known or not', () => {
    expect(targetTypeLabel('contact_group')).toBe('Contact group');
    expect(targetTypeLabel('api_key')).toBe('Api key');
  });

  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'curl'],
    ['mailpulse-cli', null],
    [null, null],
  ])('sums up the user agent %s', (agent, device) => {
    expect(deviceOf(agent)).toBe(device);
  });
});

describe('the before and after of an entry', () => {
  it('shows hours by day, flags as Yes or No, objects by field, and what did not exist as null', () => {
    const day = (weekday: string, end: string) => ({
      weekday,
      start_time: '09:00:00',
      end_time: end,
    });
    const entry = makeEntry(1, {
      before: { business_hours: [day('Mon', '17:30:00'), day('Tue', '17:30:00')], is_active: true },
      after: {
        business_hours: [day('Mon', '18:00:00')],
        is_active: false,
        threshold: { minutes: 120, base: 'unreplied_emails' },
        password: '[secret]',
      },
    });
    expect(fieldChanges(entry)).toEqual([
      {
        key: 'business_hours',
        label: 'Business hours',
        before: 'Mon 09:00–17:30\nTue 09:00–17:30',
        after: 'Mon 09:00–18:00',
      },
      { key: 'is_active', label: 'Is active', before: 'Yes', after: 'No' },
      {
        key: 'threshold',
        label: 'Threshold',
        before: null,
        after: 'Minutes: 120, Base: unreplied_emails',
      },
      { key: 'password', label: 'Password', before: null, after: '[secret]' },
    ]);
  });
});
