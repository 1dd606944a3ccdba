/**
 * Keep-alive HTTP/1.1 connections for the load client (load-worker.ts) that allocate almost
 * nothing per reply: every socket reads into one shared buffer (`onread`), the body is counted,
 * not kept, and only the head becomes a string. A node:http client makes a Buffer of every read;
 * with 71 kB replies at thousands a second, its own scavenges stalled all fifty connections at
 * once and made most of the p99 it reported (docs/load-measurements.md, "The load client's own pauses").
 */
import { connect, type Socket } from 'node:net';

export interface Reply {
  status: number;
  /** The `name=value` part of each Set-Cookie header. */
  cookies: string[];
}

// onread's callback runs synchronously and consumes what it is given, so one buffer serves all.
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
const HEAD_END = Buffer.from('\r\n\r\n');
const LF = 0x0a;

type Body =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; left: number; state: 'size' | 'data' | 'data-end' | 'trailer'; line: string }
  | { kind: 'until-close' };

interface Head {
  reply: Reply;
  body: Body;
}

function parseHead(text: string): Head {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const cookies: string[] = [];
  let body: Body = { kind: 'until-close' };
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'set-cookie') cookies.push(value.split(';')[0] ?? '');
    else if (name === 'content-length') body = { kind: 'length', left: Number(value) };
    else if (name === 'transfer-encoding' && value.toLowerCase().includes('chunked')) {
      body = { kind: 'chunked', left: 0, state: 'size', line: '' };
    }
  }
  if (status === 204 || status === 304) body = { kind: 'length', left: 0 };
  return { reply: { status, cookies }, body };
}

/** One line of a chunked body (a size or a trailer), possibly split across reads. */
function readLine(body: { line: string }, bytes: Buffer, at: number): number {
  const end = bytes.indexOf(LF, at);
  const stop = end === -1 ? bytes.length : end + 1;
  body.line += bytes.toString('latin1', at, stop);
  return end === -1 ? -1 : stop;
}

/** Consumes a chunked body from `at`; returns where it ended, or -1 when it needs more bytes. */
function readChunked(body: Extract<Body, { kind: 'chunked' }>, bytes: Buffer, from: number) {
  let at = from;
  while (at < bytes.length) {
    if (body.state === 'data') {
      const taken = Math.min(body.left, bytes.length - at);
      body.left -= taken;
      at += taken;
      if (body.left === 0) body.state = 'data-end';
      continue;
    }
    const next = readLine(body, bytes, at);
    if (next === -1) return -1;
    at = next;
    const line = body.line.trim();
    body.line = '';
    if (body.state === 'data-end') body.state = 'size';
    else if (body.state === 'size') {
      body.left = parseInt(line.split(';')[0] ?? '', 16);
      body.state = body.left === 0 ? 'trailer' : 'data';
    } else if (line === '') return at;
  }
  return -1;
}

/** A connection that sends one request at a time and resolves with its reply once read whole. */
export class Connection {
  #head = Buffer.alloc(0);
  #parsed: Head | undefined;
  #pending: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | undefined;
  #closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('error', (error) => this.#fail(error));
    socket.on('close', () => {
      const parsed = this.#parsed;
      if (parsed?.body.kind === 'until-close') this.#finish(parsed.reply);
      this.#fail(new Error('the server closed the connection'));
    });
  }

  static open(host: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      let connection: Connection | undefined;
      const onread = {
        buffer: READ_BUFFER,
        // True: keep reading (false would pause the socket).
        callback: (size: number) => {
          if (connection) connection.#read(READ_BUFFER.subarray(0, size));
          return true;
        },
      };
      const socket = connect({ host, port, noDelay: true, onread });
      socket.once('connect', () => resolve((connection = new Connection(socket))));
      socket.once('error', reject);
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** `head`: the request's lines after the request line, each ending in CRLF. */
  get(path: string, head: string): Promise<Reply> {
    if (this.#closed) return Promise.reject(new Error('the connection is closed'));
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.socket.write(`GET ${path} HTTP/1.1\r\n${head}\r\n`);
    });
  }

  close(): void {
    this.#closed = true;
    this.socket.destroy();
  }

  #read(bytes: Buffer) {
    if (!this.#pending) return this.#fail(new Error('the server sent bytes nobody asked for'));
    let at = 0;
    if (!this.#parsed) {
      at = this.#readHead(bytes);
      if (at === -1 || !this.#parsed) return;
    }
    const { body, reply } = this.#parsed;
    let end = -1;
    if (body.kind === 'length') {
      const taken = Math.min(body.left, bytes.length - at);
      body.left -= taken;
      if (body.left === 0) end = at + taken;
    } else if (body.kind === 'chunked') end = readChunked(body, bytes, at);
    if (end === -1) return;
    // One request at a time: a byte after the reply means the reply was misread.
    if (end < bytes.length) return this.#fail(new Error('the server sent more than its reply'));
    this.#finish(reply);
  }

  /** Where the body starts in `bytes` once the head is whole, else -1 (the head so far is kept). */
  #readHead(bytes: Buffer): number {
    // Usually the whole head is in one read: no copy. A head split across reads is joined.
    const kept = this.#head.length;
    const joined = kept === 0 ? bytes : Buffer.concat([this.#head, bytes]);
    const end = joined.indexOf(HEAD_END, Math.max(0, kept - 3));
    if (end === -1) {
      this.#head = Buffer.from(joined);
      return -1;
    }
    this.#parsed = parseHead(joined.toString('latin1', 0, end));
    this.#head = Buffer.alloc(0);
    return end + HEAD_END.length - kept;
  }

  #finish(reply: Reply) {
    const pending = this.#pending;
    this.#parsed = undefined;
    this.#pending = undefined;
    pending?.resolve(reply);
  }

  #fail(error: Error) {
    if (!this.#closed) this.socket.destroy();
    this.#closed = true;
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(error);
  }
}
