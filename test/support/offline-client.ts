import { createApiClient } from '../../src/api/client';

/**
 * The client for a machine whose calls a test stands in (`.provide`): any request that still
 * reaches it fails as a network failure would, so a forgotten stand-in shows as an error.
 */
export const offlineClient = createApiClient({
  baseUrl: 'http://offline.test',
  fetch: () => Promise.reject(new Error('offline: this test stands in every call')),
  readToken: () => null,
  readCookie: () => null,
  onUnauthorized: () => undefined,
});
