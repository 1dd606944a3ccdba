import type { APIRequestContext, APIResponse } from '@playwright/test';

export interface PortalApi {
  get(path: string): Promise<APIResponse>;
  post(path: string, data: unknown): Promise<APIResponse>;
  delete(path: string, data: unknown): Promise<APIResponse>;
}

/**
 * Calls `/portal` as the holder of `token`, with the double-submit XSRF pair the server wants on
 * writes (its cookie, set on any first request, echoed in a header), as the app sends them.
 */
export async function portalApi(request: APIRequestContext, token: string): Promise<PortalApi> {
  await request.get('/healthz');
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('The server set no XSRF-TOKEN cookie');
  const headers = { Authorization: `Token ${token}`, 'X-XSRF-TOKEN': xsrf };
  return {
    get: (path) => request.get(path, { headers }),
    post: (path, data) => request.post(path, { headers, data }),
    delete: (path, data) => request.delete(path, { headers, data }),
  };
}
