/**
 * The page the stand-in serves at /embedded/<uuid>: the frame side of @superset-ui/embedded-sdk
 * 0.4.0. The SDK, on the iframe's load event, posts `{ type: '__embedded_comms__', handshake:
 * 'port transfer' }` with a MessagePort; over that port it speaks @superset-ui/switchboard:
 * `{ switchboardAction: 'emit', method: 'guestToken', args: { guestToken } }` for every token,
 * and `{ switchboardAction: 'get', method, messageId, args }` calls (getScrollSize and friends)
 * that expect `{ switchboardAction: 'reply' | 'error', messageId, result | error }`.
 * The page reports the handshake and every token to POST /__standin/received, so a test can
 * check from the stand-in what really arrived inside the frame.
 */
export function embeddedPage(dashboardUuid: string): string {
  const script = `
(() => {
  const report = (event) =>
    fetch('/__standin/received', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
  const status = (text) => { document.getElementById('status').textContent = text; };
  const methods = {
    getScrollSize: () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }),
    getActiveTabs: () => [],
    getDataMask: () => ({}),
    getChartStates: () => ({}),
    getDashboardPermalink: () => location.origin + '/superset/dashboard/p/standin/',
  };
  let received = 0;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== '__embedded_comms__' || data.handshake !== 'port transfer') return;
    const port = event.ports[0];
    if (!port) return;
    const origin = event.origin;
    report({ type: 'handshake', origin });
    status('handshake done');
    // Setting onmessage starts the port; the SDK's first emit waits in its queue until then.
    port.onmessage = (message) => {
      const m = message.data || {};
      if (m.switchboardAction === 'emit' && m.method === 'guestToken') {
        received += 1;
        report({ type: 'guestToken', origin, token: String(m.args && m.args.guestToken) });
        status('guest tokens received: ' + received);
      } else if (m.switchboardAction === 'get') {
        const method = methods[m.method];
        port.postMessage(method
          ? { switchboardAction: 'reply', messageId: m.messageId, result: method(m.args) }
          : { switchboardAction: 'error', messageId: m.messageId,
              error: '[superset] Method "' + m.method + '" is not defined' });
      }
    };
  });
})();`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Stand-in Superset dashboard</title></head>
<body>
<h1>Stand-in Superset dashboard ${dashboardUuid}</h1>
<p id="status">waiting for the handshake</p>
<script>${script}</script>
</body>
</html>`;
}

export interface TokenInFrame {
  token: string;
  /** The origin of the window that sent the MessageChannel port (the portal). */
  origin: string;
  receivedAt: number;
  /** The token's `exp` in seconds, or null when the stand-in did not sign it. */
  exp: number | null;
  /** Signed by the stand-in and handed out by its guest_token call. */
  issued: boolean;
}

export interface HandshakeInFrame {
  origin: string;
  receivedAt: number;
}

/** What the frame page reported to POST /__standin/received, and waiting for it. */
export class FrameLog {
  readonly tokens: TokenInFrame[] = [];
  readonly handshakes: HandshakeInFrame[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(private readonly check: (token: string) => { exp: number; issued: boolean } | null) {}

  add(report: Record<string, unknown>): void {
    const origin = String(report.origin);
    if (report.type === 'handshake') this.handshakes.push({ origin, receivedAt: Date.now() });
    if (report.type !== 'guestToken') return;
    const token = String(report.token);
    const known = this.check(token);
    const exp = known?.exp ?? null;
    this.tokens.push({ token, origin, receivedAt: Date.now(), exp, issued: !!known?.issued });
    for (const wake of this.waiters) wake();
  }

  /** Resolves once `count` tokens arrived (an event, not a poll); rejects after `timeoutMs`. */
  waitForTokens(count: number, timeoutMs: number): Promise<TokenInFrame[]> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (this.tokens.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve([...this.tokens]);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`the frame received ${this.tokens.length} of ${count} guest tokens`));
      }, timeoutMs);
      this.waiters.add(wake);
      wake();
    });
  }
}
