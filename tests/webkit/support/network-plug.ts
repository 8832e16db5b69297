/**
 * The phone's network, with a plug to pull and a dial for its speed: a TCP relay in front of the server that
 * the browser talks to.
 * - Pulled, every open connection is cut and every new one refused, as when the packing table's Wi-Fi drops;
 *   put back, connections go through again. WebKit's WebDriver has no switch for offline (Playwright's
 *   `setOffline` is Chromium's DevTools), and this is what an iPhone on a bad network meets: the browser still
 *   believes it is online and every request fails, so the app must find out by itself (lib/connection.ts).
 * - Slowed, what the browser sends waits `ms` before it goes on, as on a weak mobile connection: every request,
 *   or those whose request line matches (one request a chunk: browsers do not pipeline over HTTP/1.1).
 */
import net from 'node:net';

export type NetworkPlug = {
  /** The address the browser uses: http://127.0.0.1:<relay port>. */
  url: string;
  pull: () => void;
  plugIn: () => void;
  /** Holds what the browser sends for `ms` before passing it on (0: at once); only matching requests if given. */
  slowDown: (ms: number, only?: RegExp) => void;
  close: () => Promise<void>;
};

export async function networkPlug(target: string): Promise<NetworkPlug> {
  const { hostname, port } = new URL(target);
  let connected = true;
  let latency = 0;
  let slowOnly: RegExp | undefined;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    if (!connected) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    // Chunks go on in order, each after the latency of the moment it arrived.
    let queue = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      const requestLine =
        chunk.subarray(0, Math.min(chunk.length, 512)).toString('latin1').split('\r\n', 1)[0] ?? '';
      const wait = !slowOnly || slowOnly.test(requestLine) ? latency : 0;
      queue = queue
        .then(() => (wait > 0 ? new Promise<void>((resolve) => setTimeout(resolve, wait)) : undefined))
        .then(() => {
          if (!upstream.destroyed) upstream.write(chunk);
        });
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    pull: () => {
      connected = false;
      for (const socket of sockets) socket.destroy();
    },
    plugIn: () => {
      connected = true;
    },
    slowDown: (ms, only) => {
      latency = ms;
      slowOnly = only;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
