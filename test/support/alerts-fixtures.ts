import type { Alert } from '../../src/api/types';

/** An alert of the alerts page: active, two hours, watching one domain for sales@. */
export function makeAlert(id: number, name: string, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    name,
    minutes_gap: 120,
    base: 'unreplied_emails',
    mailboxes: ['sales@acme.example'],
    addresses: [],
    domains: ['bigclient.example'],
    notify_emails: ['ada@acme.example'],
    notify_webhook: null,
    is_active: true,
    created: '2025-04-02T10:00:00Z',
    created_by: 'ada@acme.example',
    last_triggered: null,
    ...overrides,
  };
}
