import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '../../openapi/portal.gen';
import { expect, test as base } from './support/fixtures';
import { seedToken } from './support/sign-in';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

// The Add mailboxes page against the real server and its live-validation websocket. Pages open
// through a loopback proxy, so a test can cut the connection the way a network would.

type Mailbox = components['schemas']['Mailbox'];

/** The client's wait before reopening a dropped socket (RECONNECT_DELAY_MS in its machine). */
const RECONNECT_DELAY_MS = 3000;

const test = base.extend<{ tcpProxy: TcpProxy; token: string }>({
  tcpProxy: async ({ app }, provide) => {
    const proxy = await startTcpProxy(app.url);
    try {
      await provide(proxy);
    } finally {
      await proxy.close();
    }
  },
  token: async ({ app }, provide) => {
    await provide(await app.token('admin'));
  },
  baseURL: async ({ tcpProxy }, provide) => {
    await provide(tcpProxy.url);
  },
  // Signed in as the demo admin on the proxy's origin, where the pages open.
  context: async ({ context, tcpProxy, token }, provide) => {
    await seedToken(context, tcpProxy.url, token);
    await provide(context);
  },
});

// The server's messages (server/mailbox-validation/checks.ts).
const TRACKED = 'This mailbox is already being tracked';
const UNKNOWN = "We couldn't find this mailbox in your Google Workspace";
const NOT_AN_EMAIL = 'This is not a valid email address';
const FOREIGN = "The domain other.example is not one of your company's domains";

const addressBox = (page: Page) => page.getByRole('textbox', { name: 'Mailbox addresses' });
const validList = (page: Page) => page.getByRole('list', { name: 'Valid mailboxes', exact: true });
const invalidList = (page: Page) =>
  page.getByRole('list', { name: 'Invalid mailboxes', exact: true });

async function validate(page: Page, addresses: string) {
  await page.goto('/settings/mailboxes/add');
  await addressBox(page).fill(addresses);
  await page.getByRole('button', { name: 'Validate mailboxes' }).click();
}

/** The API on the server itself (not through the proxy), as the signed-in admin. */
function adminApi(request: APIRequestContext, url: string, token: string) {
  // Writes need the double-submit XSRF pair: any value works when cookie and header agree.
  const headers = { Authorization: `Token ${token}`, Cookie: 'XSRF-TOKEN=t', 'X-XSRF-TOKEN': 't' };
  const path = `${url}/portal/api/settings/mailboxes/`;
  return {
    list: async (): Promise<Mailbox[]> =>
      ((await (await request.get(path, { headers })).json()) as { mailboxes: Mailbox[] }).mailboxes,
    remove: async (emails: string[]) => {
      const reply = await request.delete(path, { headers, data: { emails, delete_from_bq: true } });
      expect(reply.status()).toBe(204);
    },
  };
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('validates addresses with the server, adds the valid ones and goes back', async ({
  page,
  request,
  app,
  token,
}) => {
  const api = adminApi(request, app.url, token);
  await page.goto('/settings/mailboxes/add');
  await expect(page.getByRole('navigation', { name: 'Settings' })).toHaveCount(0);
  await addressBox(page).fill(
    'olivia.chen@acme.example, sales@acme.example; nobody@acme.example\nsomeone@other.example not-an-address',
  );
  const chips = page.getByRole('list', { name: 'Addresses to validate' }).getByRole('listitem');
  await expect(chips).toHaveCount(5);
  await expect(chips.filter({ hasText: 'not-an-address' })).toHaveClass(/address-chip-invalid/);
  await expect(chips.filter({ hasText: 'olivia.chen' })).not.toHaveClass(/address-chip-invalid/);

  await page.getByRole('button', { name: 'Validate mailboxes' }).click();
  await expect(validList(page).getByRole('listitem')).toHaveText(['olivia.chen@acme.example']);
  await expect(invalidList(page).getByRole('listitem')).toHaveText([
    `sales@acme.example${TRACKED}`,
    `nobody@acme.example${UNKNOWN}`,
    `someone@other.example${FOREIGN}`,
    `not-an-address${NOT_AN_EMAIL}`,
  ]);

  await page.getByRole('button', { name: 'Add 1 mailbox' }).click();
  await expect(page).toHaveURL(/\/settings\/mailboxes$/);
  await expect(page.getByText('Mailbox added', { exact: true })).toBeVisible();
  await expect(page.getByText('olivia.chen@acme.example', { exact: true })).toBeVisible();
  const added = (await api.list()).find((m) => m.email === 'olivia.chen@acme.example');
  expect(added).toMatchObject({ status: 'loading_data', data_from: today() });
  await api.remove(['olivia.chen@acme.example']);
});

test('Back to addresses on results returns to the addresses and closes the connection', async ({
  page,
}) => {
  const sockets: { isClosed(): boolean }[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  await validate(page, 'ethan.walker@acme.example');
  await expect(validList(page).getByRole('listitem')).toHaveText(['ethan.walker@acme.example']);
  expect(sockets.map((socket) => socket.isClosed())).toEqual([false]);

  await page.getByRole('button', { name: 'Back to addresses' }).click();
  await expect(addressBox(page)).toHaveValue('ethan.walker@acme.example');
  await expect.poll(() => sockets[0]?.isClosed()).toBe(true);
});

test('the server closing the socket mid-validation: the client reconnects and finishes', async ({
  page,
  tcpProxy: proxy,
}) => {
  // The page's clock runs as usual; the test moves it past the 3 s reconnection delay.
  await page.clock.install();
  // auth_ok and two results reach the page; the rest stays in the proxy until it drops.
  proxy.holdWebsocketFramesAfter(3);
  await validate(
    page,
    'ava.patel@acme.example james.murphy@acme.example support@acme.example ' +
      'isabella.rossi@acme.example nobody@acme.example',
  );
  await expect(page.getByText('2 of 5')).toBeVisible();
  proxy.holdWebsocketFramesAfter(null);
  proxy.dropAll();
  await expect(page.getByText('Connection lost. Reconnecting (attempt 1 of 10)…')).toBeVisible();
  await page.clock.fastForward(RECONNECT_DELAY_MS);

  await expect(validList(page).getByRole('listitem')).toHaveText([
    'ava.patel@acme.example',
    'james.murphy@acme.example',
    'isabella.rossi@acme.example',
  ]);
  await expect(invalidList(page).getByRole('listitem')).toHaveText([
    `support@acme.example${TRACKED}`,
    `nobody@acme.example${UNKNOWN}`,
  ]);
});

test('the socket never coming back: the client gives up after 10 tries', async ({
  page,
  tcpProxy: proxy,
}) => {
  // The page's clock stands still once the connection drops: each reconnection waits until the
  // test moves it on by the 3 s delay, so every try is seen in turn without waiting for it.
  await page.clock.install();
  let sockets = 0;
  page.on('websocket', () => (sockets += 1));
  proxy.holdWebsocketFramesAfter(2);
  await validate(page, 'benjamin.lee@acme.example henry.schmidt@acme.example hr@acme.example');
  await expect(page.getByText('1 of 3')).toBeVisible();
  // A minute on, safely ahead of the page's clock however slow the round trip; no timer waits then.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  proxy.refuseNew(true);
  proxy.dropAll();

  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const status = `Connection lost. Reconnecting (attempt ${attempt} of 10)…`;
    await expect(page.getByText(status)).toBeVisible();
    await expect.poll(() => sockets).toBe(attempt);
    await page.clock.runFor(RECONNECT_DELAY_MS);
  }
  await expect(
    page.getByRole('heading', { name: 'We could not reach the validation service' }),
  ).toBeVisible();
  expect(sockets).toBe(11);
  await expect(
    page.getByText('1 of 3 addresses were validated when the connection dropped'),
  ).toBeVisible();

  // Once the network is back, Try again finishes the run with the answers kept.
  proxy.refuseNew(false);
  proxy.holdWebsocketFramesAfter(null);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(validList(page).getByRole('listitem')).toHaveText([
    'benjamin.lee@acme.example',
    'henry.schmidt@acme.example',
    'hr@acme.example',
  ]);
});
