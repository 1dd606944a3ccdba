import { createServer, connect, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of the test database, so a test can make the database go away
 * without stopping the PostgreSQL other test runs share. `cut` closes the port and drops every
 * connection (the server is gone: connections are refused); `hold` keeps every connection open
 * and forwards nothing more (a server that does not answer); `restore` forwards again on the same
 * port.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  hold(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let forwarding = true;
  const server = createServer((inbound) => {
    sockets.add(inbound);
    inbound.on('close', () => sockets.delete(inbound));
    inbound.on('error', () => inbound.destroy());
    if (!forwarding) return;
    const outbound = connect(target.port, target.host);
    sockets.add(outbound);
    outbound.on('close', () => sockets.delete(outbound));
    outbound.on('error', () => inbound.destroy());
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    inbound.on('close', () => pairs.delete(pair));
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      dropAll();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  await listen(0);
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
  const { port } = address;
  return {
    port,
    cut: stop,
    hold: () => {
      forwarding = false;
      for (const [inbound, outbound] of pairs) {
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
      }
    },
    restore: async () => {
      forwarding = true;
      dropAll();
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
