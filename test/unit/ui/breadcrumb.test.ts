import { describe, expect, it } from 'vitest';
import {
  BREADCRUMB_WORDS,
  breadcrumbLabel,
  breadcrumbTrail,
} from '../../../src/ui/shell/breadcrumb';

describe('breadcrumb words', () => {
  it('maps the spec words', () => {
    expect(BREADCRUMB_WORDS).toEqual({
      add: 'Mailboxes',
      business: 'Hours',
      metric: 'Adjustments',
      'contact-groups': 'Groups',
    });
  });

  it.each([
    ['add', 'Add Mailboxes'],
    ['business', 'Business Hours'],
    ['metric', 'Metric Adjustments'],
    ['contact-groups', 'Contact Groups'],
    ['mailboxes', 'Mailboxes'],
    ['settings', 'Settings'],
    ['access-denied', 'Access Denied'],
    ['api', 'API'],
  ])('labels %s as %s', (word, label) => {
    expect(breadcrumbLabel(word)).toBe(label);
  });

  it('builds one crumb per path word with its path', () => {
    expect(breadcrumbTrail('/settings/mailboxes/add')).toEqual([
      { label: 'Settings', path: '/settings' },
      { label: 'Mailboxes', path: '/settings/mailboxes' },
      { label: 'Add Mailboxes', path: '/settings/mailboxes/add' },
    ]);
    expect(breadcrumbTrail('/settings/contact-groups/')).toEqual([
      { label: 'Settings', path: '/settings' },
      { label: 'Contact Groups', path: '/settings/contact-groups' },
    ]);
    expect(breadcrumbTrail('/')).toEqual([]);
  });
});
