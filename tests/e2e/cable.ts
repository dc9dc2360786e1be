/**
 * The network cable between the browser and the test server (docs/architecture.md §9): a TCP proxy
 * on 127.0.0.1 that the browser is pointed at instead of the server. Pulling the cable
 * destroys every open connection (keep-alive ones included) and drops each new one at
 * once, so nothing the page, the service worker or the browser itself sends (update
 * checks of the worker, Background Sync) can reach the server, whatever Chromium's own
 * offline emulation covers. Forwarded connections leave from 127.0.0.2, so the server's
 * log tells the browser's requests from the test's own.
 */
import net from 'node:net';

/** The address the cable's connections to the server come from (in the server's log). */
export const CABLE_SOURCE_ADDRESS = '127.0.0.2';

export type Cable = {
  /** http://127.0.0.1:PORT: where the browser opens the app. */
  url: string;
  pull: () => void;
  plugIn: () => void;
  pulled: () => boolean;
  /** Connections the browser tried while the cable was pulled (all dropped). */
  dropped: () => number;
  close: () => Promise<void>;
};

export async function startCable(serverUrl: string): Promise<Cable> {
  const target = new URL(serverUrl);
  const open = new Set<net.Socket>();
  let isPulled = false;
  let droppedCount = 0;

  const proxy = net.createServer((client) => {
    if (isPulled) {
      droppedCount += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect({
      host: target.hostname,
      port: Number(target.port),
      localAddress: CABLE_SOURCE_ADDRESS,
    });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    pull: () => {
      isPulled = true;
      for (const socket of open) socket.destroy();
    },
    plugIn: () => {
      isPulled = false;
    },
    pulled: () => isPulled,
    dropped: () => droppedCount,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
