/** What the login page takes from its address: the route's `validateSearch` and the standalone host. */
interface LoginSearch {
  email?: string;
  /** `account`: the server found no user for the verified address. */
  error?: 'account';
}

/** The login page's parameters from parsed search values; anything else is dropped. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    ...(typeof search.email === 'string' && search.email !== '' ? { email: search.email } : {}),
    ...(search.error === 'account' ? { error: 'account' as const } : {}),
  };
}
