import type { ClientErrorReport } from '../../../src/api/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { storeUserInfo } from '../../../src/session/user-info-store';
import { BREADCRUMB_LIMIT, createBreadcrumbTrail } from '../../../src/telemetry/breadcrumbs';
import { instrument } from '../../../src/telemetry/instrument';
import { redactUrl } from '../../../src/telemetry/redact';
import { requestBreadcrumbs } from '../../../src/telemetry/request-breadcrumbs';
import { buildReport, createBeaconSender } from '../../../src/telemetry/report';
import { createReporter } from '../../../src/telemetry/reporter';
import { makeUser } from '../../support/fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('breadcrumbs', () => {
  it('keeps the last 40, oldest first', () => {
    const trail = createBreadcrumbTrail();
    for (let i = 1; i <= 45; i += 1) trail.leave('manual', `crumb ${i}`);
    const crumbs = trail.list();
    expect(BREADCRUMB_LIMIT).toBe(40);
    expect(crumbs).toHaveLength(40);
    expect(crumbs[0]?.message).toBe('crumb 6');
    expect(crumbs.at(-1)?.message).toBe('crumb 45');
  });

  it('cuts long messages to the contract limit', () => {
    const trail = createBreadcrumbTrail();
    trail.leave('log', 'x'.repeat(5000));
    expect(trail.list()[0]?.message).toHaveLength(1000);
  });
});

describe('report', () => {
  it('has the contract shape and the production release stage', () => {
    const trail = createBreadcrumbTrail(40, () => new Date('2030-01-02T03:04:05Z'));
    trail.leave('navigation', '/dashboard → /alerts');
    const error = new TypeError('x is not a function');
    const report = buildReport(error, 'uncaught', {
      breadcrumbs: trail.list(),
      url: 'https://app.example/alerts',
      userEmail: 'ada@acme.example',
    });
    expect(report).toEqual({
      kind: 'uncaught',
      name: 'TypeError',
      message: 'x is not a function',
      stack: error.stack,
      url: 'https://app.example/alerts',
      release_stage: 'production',
      user_email: 'ada@acme.example',
      breadcrumbs: [
        {
          timestamp: '2030-01-02T03:04:05.000Z',
          type: 'navigation',
          message: '/dashboard → /alerts',
        },
      ],
    });
  });

  it('describes what was thrown even when it is not an Error', () => {
    const facts = { breadcrumbs: [], url: '/', userEmail: null };
    expect(buildReport('plain', 'unhandled_rejection', facts)).toMatchObject({
      name: 'Error',
      message: 'plain',
    });
    expect(buildReport({ code: 7 }, 'handled', facts)).toMatchObject({
      name: 'NonError',
      message: '{"code":7}',
    });
  });

  it('removes credentials from URLs', () => {
    expect(redactUrl('/dashboard?token=secret&tab=1')).toBe('/dashboard?token=redacted&tab=1');
    expect(redactUrl('https://a.example/x?code=c&state=s')).toBe(
      'https://a.example/x?code=redacted&state=redacted',
    );
    expect(redactUrl('/alerts')).toBe('/alerts');
  });
});

describe('reporter', () => {
  function setup(send = vi.fn<(report: ClientErrorReport) => void>()) {
    const trail = createBreadcrumbTrail();
    const report = createReporter({
      trail,
      send,
      userEmail: () => 'ada@acme.example',
      url: () => 'https://app.example/dashboard?token=secret',
      maxReports: 3,
    });
    return { trail, report, send };
  }

  it('sends the error with the trail, the user and a redacted URL, then leaves a crumb', () => {
    const { trail, report, send } = setup();
    trail.leave('user', 'Clicked button "Save"');
    report(new Error('boom'));
    const sent = send.mock.calls[0]![0];
    expect(sent).toMatchObject({
      kind: 'handled',
      message: 'boom',
      user_email: 'ada@acme.example',
      url: 'https://app.example/dashboard?token=redacted',
      release_stage: 'production',
    });
    expect(sent.breadcrumbs.map((crumb) => crumb.message)).toEqual(['Clicked button "Save"']);
    expect(trail.list().at(-1)).toMatchObject({ type: 'error', message: 'Error: boom' });
  });

  it('never throws, and stops after its per-page limit', () => {
    const send = vi.fn(() => {
      throw new Error('network down');
    });
    const { report } = setup(send);
    expect(() => report(new Error('a'))).not.toThrow();
    report(new Error('b'));
    report(new Error('c'));
    report(new Error('d'));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('posts with sendBeacon, or fetch with keepalive when the beacon is refused', async () => {
    const report = buildReport(new Error('x'), 'handled', {
      breadcrumbs: [],
      url: '/',
      userEmail: null,
    });
    const beacon = vi.fn(() => true);
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    const win = { navigator: { sendBeacon: beacon }, fetch } as unknown as Window;
    createBeaconSender('/collect', win)(report);
    expect(beacon).toHaveBeenCalledWith('/collect', expect.any(Blob));
    expect(fetch).not.toHaveBeenCalled();

    beacon.mockReturnValue(false);
    createBeaconSender('/collect', win)(report);
    expect(fetch).toHaveBeenCalledWith(
      '/collect',
      expect.objectContaining({ method: 'POST', keepalive: true, body: JSON.stringify(report) }),
    );
  });

  it('receives the 401s of the API client', async () => {
    storeUserInfo(makeUser('viewer'));
    const beacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom cannot navigate
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch: async () => new Response('{}', { status: 401 }),
    });
    await client.GET('/portal/api/me/');
    expect(beacon).toHaveBeenCalledOnce();
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('/portal/api/client-errors/');
    const sent = JSON.parse(await body.text()) as ClientErrorReport;
    expect(sent).toMatchObject({
      kind: 'handled',
      message: '401 from GET /portal/api/me/; signing out',
      user_email: 'viewer@acme.example',
    });
  });
});

describe('instrumentation', () => {
  function setup() {
    const trail = createBreadcrumbTrail();
    const report = vi.fn();
    // Silenced underneath the wrapper, which still sees every call.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const undo = instrument(window, { trail, report });
    return { trail, report, undo };
  }

  it('leaves crumbs for clicks on buttons and links, and console errors', () => {
    const { trail, undo } = setup();
    try {
      document.body.innerHTML = '<button><span>Save changes</span></button><a href="#x">Docs</a>';
      document.querySelector('span')?.click();
      document.querySelector('a')?.click();
      console.error('render failed', new Error('bad'));
    } finally {
      undo();
      document.body.innerHTML = '';
    }
    expect(trail.list().map(({ type, message }) => [type, message])).toEqual([
      ['user', 'Clicked button "Save changes"'],
      ['user', 'Clicked a "Docs"'],
      ['log', 'console.error: render failed Error: bad'],
    ]);
  });

  it("leaves a crumb for each of the API client's requests", async () => {
    const trail = createBreadcrumbTrail();
    const fetch = vi
      .fn<(request: RequestInfo | URL) => Promise<Response>>()
      .mockResolvedValueOnce(new Response('{}', { status: 200 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const client = createApiClient({ baseUrl: 'http://localhost', fetch, readToken: () => 't' });
    client.use(requestBreadcrumbs(trail));
    await client.GET('/portal/api/dashboard');
    await client
      .GET('/portal/api/settings/contact-groups/details/', { params: { query: { name: 'vip' } } })
      .catch(() => undefined);
    expect(trail.list().map(({ type, message }) => [type, message])).toEqual([
      ['request', 'GET /portal/api/dashboard → 200'],
      [
        'request',
        'GET /portal/api/settings/contact-groups/details/?name=vip failed: Failed to fetch',
      ],
    ]);
  });

  it('reports uncaught errors and unhandled rejections', () => {
    const { report, undo } = setup();
    try {
      const error = new Error('uncaught');
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
      const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'nope' });
      window.dispatchEvent(rejection);
      expect(report).toHaveBeenNthCalledWith(1, error, 'uncaught');
      expect(report).toHaveBeenNthCalledWith(2, 'nope', 'unhandled_rejection');
    } finally {
      undo();
    }
  });
});
