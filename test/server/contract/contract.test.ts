import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations } from '../../../server/contract/spec';
import { serializerCompiler, validatorCompiler } from '../../../server/contract/validation';
import { client, createTestApp, createTestWorkspace, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const normalise = (url: string) => url.replace(/\/$/, '') || '/';
const key = (method: string, url: string) => `${method} ${normalise(url)}`;
const isApi = (url: string) =>
  url.startsWith('/portal/') || url === '/healthz' || url === '/readyz';

describe('the contract and the server agree', () => {
  it('has a handler for every path and method in openapi/portal.yaml', () => {
    const served = new Set(t.app.routeInventory.map((r) => key(r.method, r.url)));
    const missing = [...contractOperations.values()]
      .map((op) => key(op.method, op.url))
      .filter((k) => !served.has(k));
    expect(missing).toEqual([]);
  });

  it('has a path in openapi/portal.yaml for every API handler', () => {
    const specified = new Set([...contractOperations.values()].map((op) => key(op.method, op.url)));
    const unspecified = t.app.routeInventory
      .filter((r) => isApi(r.url) && r.method !== 'HEAD')
      .map((r) => key(r.method, r.url))
      .filter((k) => !specified.has(k));
    expect(unspecified).toEqual([]);
  });

  // The server compiles a schema when its route is first called; none may fail then.
  it('compiles every request and reply schema of the contract', () => {
    for (const op of contractOperations.values()) {
      const { method, url } = op;
      for (const httpPart of ['body', 'querystring', 'params'] as const) {
        const schema = op[httpPart];
        if (schema)
          expect(typeof validatorCompiler({ schema, httpPart, method, url })(null)).toBe('boolean');
      }
      for (const [status, schema] of Object.entries(op.responses)) {
        const serialize = serializerCompiler({ schema, method, url, httpStatus: status });
        // Refused as a reply that breaks the contract, not as a schema that does not compile.
        expect(() => serialize(Symbol('not JSON'))).toThrow(`${method} ${url} ${status}: reply`);
      }
    }
  });

  it('serves the contract itself', async () => {
    const reply = await client(t.app).get('/portal/api/openapi.json');
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ openapi: string }>().openapi).toBe('3.1.0');
  });
});

describe('requests are validated against the contract', () => {
  it('refuses a team whose name is a number, naming the field, and writes nothing', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'contract.example' });
    const admin = client(t.app, ws.admin.token);
    const reply = await admin.post('/portal/api/settings/teams/', {
      name: 5,
      members: ['viewer@contract.example'],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('name') as unknown,
    });
    const teams = await t.db.query('select 1 from teams where workspace_id = $1', [ws.workspaceId]);
    expect(teams).toHaveLength(0);
  });

  it('names an unknown field', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'fields.example' });
    const reply = await client(t.app, ws.admin.token).post('/portal/api/settings/teams/', {
      name: 'Sales',
      members: ['viewer@fields.example'],
      colour: 'red',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toBe('body/colour is not an accepted field');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const reply = await client(t.app).get('/portal/api/nothing-here/');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({
      error: 'not_found',
      message: 'No such path: GET /portal/api/nothing-here/',
    });
  });

  it('refuses a malformed JSON body with 400', async () => {
    const ws = await createTestWorkspace(t.db, { domain: 'json.example' });
    const reply = await t.app.inject({
      method: 'POST',
      url: '/portal/api/settings/teams/',
      headers: {
        authorization: `Token ${ws.admin.token}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=x1234',
        'x-xsrf-token': 'x1234',
      },
      payload: '{"name": ',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ error: string }>().error).toBe('bad_request');
  });
});
