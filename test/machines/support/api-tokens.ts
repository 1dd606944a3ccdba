import type { ApiToken } from '../../../src/api/types';

// A token of the API tokens machine's path and transition tests.

export const BI: ApiToken = {
  id: 1,
  name: 'BI',
  scope: 'stats:read',
  prefix: 'mp_AbCdEf',
  created_at: '2026-11-25T12:00:00.000Z',
  created_by: 'ada@acme.example',
  expires_at: '2027-02-23T12:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
