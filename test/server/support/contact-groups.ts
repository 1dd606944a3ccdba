import { expect } from 'vitest';
import type { TestWorkspace } from './app';
import type { TestSuite } from './suite';

// The contact groups API as its route tests call it (contact-groups-create-read.test.ts,
// contact-groups-change-access.test.ts).

export const BASE = '/portal/api/settings/contact-groups/';
export const REPEATED = 'Please check that the name is not repeated';
export const INVALID = 'Please check that all email addresses are correct.';

/** The `?name=` a group's paths take. */
export const q = (name: string) => `?name=${encodeURIComponent(name)}`;

export type ContactIn = { address?: string | null; domain?: string | null };

/**
 * Fresh workspaces, groups made and read through the API as the workspace's admin, and the rows
 * they leave.
 */
export function contactGroupRows(t: TestSuite) {
  const { admin } = t;
  const workspace = () => t.workspace();

  async function create(
    ws: TestWorkspace,
    name: string,
    contacts: ContactIn[] = [{ address: 'ann@customer.example' }],
  ) {
    const res = await admin(ws).post(`${BASE}create/`, { name, contacts });
    expect(res.statusCode).toBe(201);
    return res.json<{ contact_group: string; contacts_number: number }>();
  }

  async function details(ws: TestWorkspace, name: string) {
    const res = await admin(ws).get(`${BASE}details/${q(name)}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ contacts: { id: number; item: string }[] }>().contacts;
  }

  /** Every group and contact of a workspace, straight from the tables. */
  async function stored(workspaceId: number) {
    return t.db.query<{ name: string; kind: string; value: string }>(
      `select g.name, c.kind, c.value from contact_groups g
         left join contacts c on c.workspace_id = g.workspace_id and c.group_id = g.group_id
        where g.workspace_id = $1 order by g.name, c.value`,
      [workspaceId],
    );
  }

  return { workspace, admin, create, details, stored };
}
