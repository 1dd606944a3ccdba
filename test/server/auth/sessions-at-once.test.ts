import { describe, expect, it } from 'vitest';
import { client, setFeature } from '../support/app';
import { setUpTestApp } from '../support/suite';

// Requests that arrive together have their sessions read in one statement, which carries each
// workspace's feature flags once (server/auth/authenticate.ts): every caller still gets the
// flags of their own workspace, and a change of flags counts from the next request.

const t = setUpTestApp('sessions-at-once');

const TEAMS = '/portal/api/settings/teams/';

describe('sessions read together', () => {
  it("give each caller their own workspace's feature flags", async () => {
    const off = await t.workspace();
    const on = await t.workspace();
    await setFeature(t.db, off.workspaceId, 'teams', false, false);
    const callers = [off.admin, on.admin, off.manager, on.manager, off.admin, on.admin];
    const replies = await Promise.all(
      callers.map((caller) => client(t.app, caller.token).get(TEAMS)),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([403, 200, 403, 403, 403, 200]);

    await setFeature(t.db, off.workspaceId, 'teams', true, false);
    const again = await Promise.all(
      callers.map((caller) => client(t.app, caller.token).get(TEAMS)),
    );
    expect(again.map((reply) => reply.statusCode)).toEqual([200, 200, 403, 403, 200, 200]);
  });
});
