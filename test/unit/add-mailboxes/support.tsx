import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { components } from '../../../openapi/portal.gen';
import { createApiClient } from '../../../src/api/client';
import { createAddMailboxesActors } from '../../../src/machines/add-mailboxes/add-mailboxes.actors';
import { createAddMailboxesMachine } from '../../../src/machines/add-mailboxes/add-mailboxes.machine';
import { AddMailboxesPage } from '../../../src/routes/_shell/settings/mailboxes/-components/AddMailboxesPage';
import { Toaster } from '../../../src/ui/Toast';
import { offlineClient } from '../../support/offline-client';

type Schemas = components['schemas'];

/**
 * A WebSocket stand-in the test drives: `accept()` opens it, `reply()` delivers a server frame,
 * `drop()` ends it as a network failure would. What the page sends is kept in `sent`.
 */
export class FakeSocket {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  readonly sent: unknown[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.closed = true;
  }

  accept() {
    this.onopen?.(new Event('open'));
  }

  reply(message: Schemas['WsServerMessage']) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  drop() {
    this.closed = true;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

const mailbox = (email: string): Schemas['Mailbox'] => ({
  email,
  full_name: '',
  created: '2024-01-01T00:00:00Z',
  data_from: '2024-01-01',
  status: 'working',
  bhs_status: 'Company',
  business_hours: null,
  progress: null,
  last_error: null,
  last_synced: null,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface PageOptions {
  maxMailboxes?: number;
  /** How many mailboxes the workspace tracks already. */
  tracked?: number;
  /** The reply to the create call; 201 by default. */
  createReply?: () => Response;
}

/** Renders the Add mailboxes page with a fake server behind its client and its socket. */
export function renderAddMailboxes(options: PageOptions = {}) {
  const sockets: FakeSocket[] = [];
  const posts: unknown[] = [];
  const tracked = Array.from({ length: options.tracked ?? 0 }, (_, i) =>
    mailbox(`m${i}@acme.example`),
  );
  const fetch = vi.fn(async (request: Request) => {
    if (request.method === 'GET') return json(200, { mailboxes: tracked });
    posts.push(await request.json());
    return options.createReply?.() ?? json(201, { mailboxes: [] });
  });
  const client = createApiClient({
    baseUrl: 'http://portal.test',
    fetch: fetch as typeof globalThis.fetch,
    readToken: () => 'stored-token',
    onUnauthorized: () => undefined,
  });
  const goBack = vi.fn<() => void>();
  const machine = createAddMailboxesMachine(offlineClient).provide({
    actors: createAddMailboxesActors(client, {
      openSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      readToken: () => 'stored-token',
      pageUrl: () => 'http://portal.test/settings/mailboxes/add',
    }),
    actions: { goBack },
  });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AddMailboxesPage machine={machine} maxMailboxes={options.maxMailboxes ?? 10} />
        <Toaster />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  const lastSocket = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('The page opened no socket');
    return socket;
  };
  return { user: userEvent.setup(), sockets, lastSocket, posts, goBack };
}

/** Renders the page and pastes `text` into its addresses box. */
export async function enterAddresses(text: string, options: PageOptions = {}) {
  const page = renderAddMailboxes(options);
  const box = await screen.findByRole('textbox', { name: 'Mailbox addresses' });
  await page.user.click(box);
  await page.user.paste(text);
  return page;
}

/** Signs the fake socket in and answers each address, as the server would. */
export function answer(socket: FakeSocket, results: [string, string][]) {
  act(() => {
    socket.accept();
    socket.reply({ type: 'auth_ok' });
    for (const [email, message] of results) {
      const status = message === '' ? 'OK' : 'ERROR';
      socket.reply({ type: 'check_result', data_dict: { email, status, message } });
    }
  });
}
