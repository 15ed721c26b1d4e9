import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * A `redis-server` of the test's own on a free port (never the shared one on 6379), so it can be frozen (SIGSTOP:
 * what a network partition without a reset looks like to a client), thawed, killed and started again on the same
 * port. `stop` kills it for good; call it in a `finally`.
 */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  freeze(): void;
  thaw(): void;
  /** SIGKILL; resolves once the process is gone. */
  kill(): Promise<void>;
  /** A fresh, empty server on the same port (after `kill`). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** True when `redis-server` can be started here. */
export function redisServerInstalled(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.on("error", () => resolve(false));
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess;
  const launch = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    for (let i = 0; i < 100 && !(await answersPing(port)); i++) await new Promise((r) => setTimeout(r, 50));
  };
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGCONT");
      child.kill("SIGKILL");
    });
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => void child.kill("SIGSTOP"),
    thaw: () => void child.kill("SIGCONT"),
    kill,
    restart: launch,
    stop: kill,
  };
}
