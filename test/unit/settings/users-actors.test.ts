import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { createUsersActors } from '../../../src/machines/users/users.actors';
import { EMPTY_USERS_DRAFT, type UsersDraft } from '../../../src/machines/users/users.draft';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server that records each call and answers created users with ids 41, 42… */
function fakeServer() {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body: unknown = await request.json();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    const emails = (body as { emails?: string[] }).emails ?? [];
    const users = emails.map((email, index) => ({
      id: 41 + index,
      email,
      full_name: email,
      role: 'manager',
      can_see_data_for: { mailboxes: [], teams: [] },
      tracked: false,
    }));
    return Response.json({ users }, { status: 201 });
  };
  const client = createApiClient({
    baseUrl: 'http://portal.test',
    fetch,
    readToken: () => 'token',
    readCookie: () => null,
    onUnauthorized: () => undefined,
  });
  return { calls, actors: createUsersActors(client) };
}

async function save(draft: Partial<UsersDraft>) {
  const server = fakeServer();
  const actor = createActor(server.actors.saveUsers, {
    input: { draft: { ...EMPTY_USERS_DRAFT, ...draft } },
  }).start();
  await toPromise(actor);
  return server.calls;
}

const grants = { teams: [3], mailboxes: ['sales@acme.example'] };

describe('saving users', () => {
  it('creates managers, then gives them their teams and mailboxes in a second call', async () => {
    const calls = await save({
      emails: ['a@acme.example', 'b@acme.example'],
      role: 'manager',
      ...grants,
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/portal/api/settings/users/',
        body: {
          emails: ['a@acme.example', 'b@acme.example'],
          role: 'manager',
          manage_mailboxes: ['sales@acme.example'],
          manage_teams: [3],
        },
      },
      {
        method: 'POST',
        path: '/portal/api/settings/managers/',
        body: { manager_ids: [41, 42], mailboxes: ['sales@acme.example'], teams: [3] },
      },
    ]);
  });

  it('creates admins and viewers in one call', async () => {
    const calls = await save({ emails: ['a@acme.example'], role: 'viewer' });
    expect(calls.map((call) => call.path)).toEqual(['/portal/api/settings/users/']);
  });

  it('re-creates a changed role by posting the one user again', async () => {
    const calls = await save({
      editing: { id: 7, email: 'max@acme.example', role: 'viewer' },
      emails: ['max@acme.example'],
      role: 'manager',
      ...grants,
    });
    expect(calls.map((call) => call.path)).toEqual([
      '/portal/api/settings/users/',
      '/portal/api/settings/managers/',
    ]);
    expect(calls[0]?.body).toMatchObject({ id: 7, emails: ['max@acme.example'], role: 'manager' });
  });

  it('only updates the grants when a manager stays a manager', async () => {
    const calls = await save({
      editing: { id: 7, email: 'max@acme.example', role: 'manager' },
      emails: ['max@acme.example'],
      role: 'manager',
      ...grants,
    });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/portal/api/settings/managers/',
        body: { manager_ids: [7], mailboxes: ['sales@acme.example'], teams: [3] },
      },
    ]);
  });
});
