import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL, Redis) for fault tests: it can
 * be stopped (connection refused), started again on the same port, or frozen (connections are
 * accepted and kept open, but nothing is forwarded either way — a hung server).
 */
export class TcpProxy {
  #server: net.Server | undefined;
  #pairs = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>();
  #frozen = false;
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  /** A free port for a proxy that is not started yet (connections to it are refused). */
  async reservePort(): Promise<number> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    this.port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return this.port;
  }

  async start(): Promise<void> {
    this.#server = net.createServer((client) => {
      const pair = { client, upstream: undefined as net.Socket | undefined };
      this.#pairs.add(pair);
      client.on('error', () => client.destroy());
      client.on('close', () => {
        pair.upstream?.destroy();
        this.#pairs.delete(pair);
      });
      if (this.#frozen) {
        client.pause();
        return;
      }
      this.#connect(pair);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
  }

  #connect(pair: { client: net.Socket; upstream: net.Socket | undefined }): void {
    const upstream = net.connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', () => upstream.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream).pipe(pair.client);
  }

  /** Stops forwarding on every connection, and forwards nothing for new ones. */
  freeze(): void {
    this.#frozen = true;
    for (const { client, upstream } of this.#pairs) {
      client.unpipe();
      upstream?.unpipe();
      client.pause();
      upstream?.pause();
    }
  }

  /** Closes every connection and the listening socket (new connections are refused). */
  async stop(): Promise<void> {
    this.#frozen = false;
    for (const { client, upstream } of this.#pairs) {
      client.destroy();
      upstream?.destroy();
    }
    this.#pairs.clear();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
