import net from "node:net";

/**
 * A TCP proxy on a free loopback port in front of `target` (PostgreSQL, Redis), so a test can break the network to
 * one client without touching the shared server: `hold` stops forwarding in both directions while keeping every
 * connection open (a partition without a reset: the client's requests go unanswered), `cut` closes every connection
 * and refuses new ones (the server is gone), `restore` forwards again (held bytes are delivered).
 */
export interface TcpProxy {
  readonly port: number;
  /** `target`'s URL with host and port replaced by the proxy's. */
  url(targetUrl: string): string;
  hold(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** One proxied connection: bytes each way, held back while the proxy holds. */
class Link {
  private readonly held: Array<[net.Socket, Buffer]> = [];
  constructor(
    readonly client: net.Socket,
    readonly upstream: net.Socket,
    private readonly holding: () => boolean,
    onEnd: () => void,
  ) {
    const end = () => {
      onEnd();
      this.destroy();
    };
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on("data", (chunk: Buffer) => (this.holding() ? this.held.push([to, chunk]) : to.write(chunk)));
      from.on("error", end).on("close", end);
    }
  }

  flush(): void {
    for (const [to, chunk] of this.held.splice(0)) to.write(chunk);
  }

  destroy(): void {
    this.client.destroy();
    this.upstream.destroy();
  }
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: "pass" | "hold" | "cut" = "pass";
  const links = new Set<Link>();
  const server = net.createServer((client) => {
    if (mode === "cut") return client.destroy();
    const link: Link = new Link(
      client,
      net.connect(target.port, target.host),
      () => mode === "hold",
      () => links.delete(link),
    );
    links.add(link);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const destroyAll = () => {
    for (const link of links) link.destroy();
    links.clear();
  };
  return {
    port,
    url: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    hold: () => {
      mode = "hold";
    },
    cut: () => {
      mode = "cut";
      destroyAll();
    },
    restore: () => {
      mode = "pass";
      for (const link of links) link.flush();
    },
    close: async () => {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
