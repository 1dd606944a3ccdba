/**
 * A loopback TCP proxy between Chromium and a test server, so a test can break connections the
 * way a network does: drop every open one, refuse new ones, or hold a websocket's server frames
 * after the first few (to catch a stream mid-way).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** `http://127.0.0.1:<port>`: open pages here instead of the server's own address. */
  url: string;
  /**
   * Websockets opened from now on forward only their first `frames` server frames and keep the
   * rest back; `null` forwards everything again (for connections opened afterwards).
   */
  holdWebsocketFramesAfter(frames: number | null): void;
  /** Ends every open connection at once, both ways, as a network failure would. */
  dropAll(): void;
  /** While true, new connections are accepted and closed at once, before any byte passes. */
  refuseNew(refuse: boolean): void;
  close(): Promise<void>;
}

const HEADER_END = '\r\n\r\n';

/**
 * Forwards the server's bytes. A websocket (a `101` answer) has its frames counted and those
 * after `limit` kept back; any other answer passes untouched.
 */
class FrameGate {
  private buffered = Buffer.alloc(0);
  private mode: 'head' | 'frames' | 'plain' = 'head';
  private forwarded = 0;

  constructor(
    private readonly limit: number,
    private readonly client: Socket,
  ) {}

  push(chunk: Buffer) {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    if (this.mode === 'head') {
      const end = this.buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const upgraded = this.buffered.subarray(0, 12).toString('latin1') === 'HTTP/1.1 101';
      this.mode = upgraded ? 'frames' : 'plain';
      this.pass(upgraded ? end + HEADER_END.length : this.buffered.length);
    }
    if (this.mode === 'plain') return this.pass(this.buffered.length);
    for (let size = this.frameSize(); size > 0; size = this.frameSize()) {
      if (this.forwarded >= this.limit) return;
      this.forwarded += 1;
      this.pass(size);
    }
  }

  private pass(bytes: number) {
    this.client.write(this.buffered.subarray(0, bytes));
    this.buffered = this.buffered.subarray(bytes);
  }

  /** Bytes of the complete frame at the head of the buffer, or 0 while it is incomplete. */
  private frameSize(): number {
    const b = this.buffered;
    if (b.length < 2) return 0;
    // Server frames are never masked; 126 and 127 announce a 2- or 8-byte length.
    const short = (b[1] ?? 0) & 0x7f;
    const header = short === 126 ? 4 : short === 127 ? 10 : 2;
    if (b.length < header) return 0;
    const length =
      short === 126 ? b.readUInt16BE(2) : short === 127 ? Number(b.readBigUInt64BE(2)) : short;
    return b.length >= header + length ? header + length : 0;
  }
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let holdAfter: number | null = null;
  let refusing = false;

  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A reset from either side is expected here; the pair is torn down below.
    socket.on('error', () => undefined);
  };

  const server: Server = createServer((client) => {
    track(client);
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    track(upstream);
    const gate = holdAfter === null ? null : new FrameGate(holdAfter, client);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => (gate ? gate.push(chunk) : client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    holdWebsocketFramesAfter: (frames) => {
      holdAfter = frames;
    },
    dropAll: () => {
      for (const socket of open) socket.destroy();
    },
    refuseNew: (refuse) => {
      refusing = refuse;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
