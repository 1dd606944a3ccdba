import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SupersetError, supersetClient } from '../../../server/superset/client';

// The Superset client on its own: it gives up after its time-out, and names the step that could
// not reach the server. What the dashboard routes get from it is in
// test/server/routes/dashboard-embedded.test.ts.

const UUID = '5b0c6c3e-9a43-4b52-8d8e-3f1f6c1f2a10';

describe('the Superset client', () => {
  it('gives up after its time-out with a typed error', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = supersetClient(
      { url: `http://127.0.0.1:${port}`, username: 'u', password: 'p', provider: 'db' },
      50,
    );
    const failure = await slow.guestToken(UUID, guest, RLS).catch((error: unknown) => error);
    silent.closeAllConnections();
    silent.close();
    expect(failure).toBeInstanceOf(SupersetError);
    expect(failure).toMatchObject({ step: 'login', status: null });
    expect(String(failure)).toContain('no answer within 50 ms');
  });

  it('names the step when nothing listens', async () => {
    const closed = supersetClient(
      { url: 'http://127.0.0.1:1', username: 'u', password: 'p', provider: 'db' },
      1000,
    );
    await expect(closed.guestToken(UUID, guest, RLS)).rejects.toMatchObject({
      step: 'login',
      message: 'Superset login failed: could not reach the server',
    });
  });
});

const guest = { username: 'a@b.example', first_name: 'A', last_name: 'B' };
const RLS = [{ clause: 'workspace_id = 1' }];
