import { describe, expect, it } from 'vitest';
import {
  previousRange,
  rangeOf,
  statsQuery,
  validateDashboardSearch,
} from '../../../src/domain/dashboard-search';
import { choices } from '../../support/native-dashboard-fixtures';

describe('the dashboard search params', () => {
  it('keeps valid params', () => {
    expect(
      validateDashboardSearch({
        from: '2026-01-01',
        to: '2026-01-31',
        mailboxes: 'sales@acme.example',
        teams: 1,
        contact_groups: 'Key accounts',
        target: 3600,
        time: 'calendar',
        by: 'team',
        granularity: 'week',
      }),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      mailboxes: 'sales@acme.example',
      teams: '1',
      contact_groups: 'Key accounts',
      target: 3600,
      time: 'calendar',
      by: 'team',
      granularity: 'week',
    });
  });

  it('drops a bad param and keeps the others', () => {
    expect(
      validateDashboardSearch({
        from: '2026-02-30',
        to: '2026-03-01',
        target: 1234,
        time: 'lunar',
        by: 'planet',
        teams: 'x,1',
        granularity: 'month',
        mailboxes: 'sales@acme.example',
      }),
    ).toEqual({ mailboxes: 'sales@acme.example' });
    expect(validateDashboardSearch({ from: '2026-03-02', to: '2026-03-01' })).toEqual({});
  });

  it('opens on the last 30 days and compares with the 30 before', () => {
    const range = rangeOf({}, '2026-03-31');
    expect(range).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(previousRange(range)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('leaves out filters the caller cannot choose, and a viewer’s mailbox filter', () => {
    const search = { mailboxes: 'sales@acme.example,gone@acme.example', teams: '1,9' };
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect(statsQuery(search, choices, range, true)).toEqual({
      ...range,
      target: 7200,
      mailboxes: 'sales@acme.example',
      teams: '1',
    });
    expect(statsQuery(search, choices, range, false)).toEqual({
      ...range,
      target: 7200,
      teams: '1',
    });
  });
});
