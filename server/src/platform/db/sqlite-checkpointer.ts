import { Worker } from "node:worker_threads";

export interface CheckpointerOptions {
  /** Between checkpoints while the WAL is checkpointed to its end (idle). */
  idleMs?: number;
  /** Between checkpoints while writes keep coming. */
  busyMs?: number;
  /** WAL frames (pages) past which the WAL is emptied while writes wait (a bounded WAL). */
  maxWalPages?: number;
  busyTimeoutMs?: number;
}

/** What the worker reports after each checkpoint (tests and benches read the WAL's size from it). */
export interface CheckpointReport {
  /** Frames in the WAL and how many of them are in the database file (PRAGMA wal_checkpoint's `log`, `checkpointed`). */
  log: number;
  checkpointed: number;
  /** The WAL was checkpointed to its end and restarted (RESTART) while the app's writes waited. */
  restarted: boolean;
}

type FromWorker = CheckpointReport | { error: string } | { wantsWriter: true };

export interface CheckpointerHooks {
  /** Runs `fn` while no write of the app's connection runs (and none starts): the database's write lock. */
  holdWrites(fn: () => Promise<void>): Promise<void>;
  /** The worker failed or died: the caller turns the connection's own checkpoints back on. */
  onFailure(error: Error): void;
}

// The worker's own connection. PASSIVE checkpoints copy WAL frames into the database file (and fsync it) without
// taking the write lock, so the app's writer never waits on them. SQLite restarts the WAL from its start only when
// a write begins after a checkpoint copied all of it; under writes that never pause that gap never comes, so past
// `maxWalPages` the worker asks the app to hold its writes ("wantsWriter", then "go") and runs a RESTART checkpoint:
// it copies what the PASSIVE one left (two fsyncs), here, while writes queue in the app (its event loop runs on),
// and the next commit writes from the WAL's start. The file keeps its size (at most about `maxWalPages` pages):
// rewriting allocated blocks is cheaper than growing a truncated file again. Plain CommonJS run with `eval`: the
// same code under tsc's output and the test runner.
const WORKER = `
const { parentPort, workerData: o } = require("node:worker_threads");
const Sqlite = require(o.driver);
const db = new Sqlite(o.file, { timeout: o.busyTimeoutMs, fileMustExist: true });
let timer;
let lastLog = -1;
const checkpoint = (mode) => {
  try {
    const [r] = db.pragma("wal_checkpoint(" + mode + ")");
    return r;
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
    return undefined;
  }
};
const tick = () => {
  const r = checkpoint("PASSIVE");
  if (r && r.log > o.maxWalPages) return parentPort.postMessage({ wantsWriter: true });
  if (r) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, restarted: false });
  // idle: nothing committed since the last turn (the WAL keeps its frames until the next commit restarts it)
  const idle = r && r.log === lastLog && r.checkpointed === r.log;
  lastLog = r ? r.log : -1;
  timer = setTimeout(tick, idle ? o.idleMs : o.busyMs);
};
parentPort.on("message", (message) => {
  if (message === "go") {
    const r = checkpoint("RESTART");
    if (r) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, restarted: r.busy === 0 });
    timer = setTimeout(tick, o.busyMs);
    return;
  }
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
tick();`;

/**
 * Checkpoints of a SQLite database in WAL mode, off the event loop: a worker thread with its own connection. The
 * app's connection runs with `wal_autocheckpoint = 0`, so no commit pays a checkpoint (its copy of up to a thousand
 * pages and its fsyncs); the worker checkpoints every `busyMs` while writes come and every `idleMs` when idle, and
 * keeps the WAL near `maxWalPages` pages. Durability is the WAL's, as before: a committed call is in the WAL until
 * a checkpoint has copied it into the file. Should the worker fail, the hooks hear it and the writes it held go on.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private stopping?: Promise<void>;
  private exited = false;
  /** Releases the app's writes held for a RESTART, once the worker reported it. */
  private releaseWrites?: () => void;
  private readonly listeners = new Set<(report: CheckpointReport) => void>();

  constructor(file: string, options: CheckpointerOptions, hooks: CheckpointerHooks) {
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        file,
        driver: require.resolve("better-sqlite3"),
        idleMs: options.idleMs ?? 500,
        busyMs: options.busyMs ?? 100,
        maxWalPages: options.maxWalPages ?? 4000,
        busyTimeoutMs: options.busyTimeoutMs ?? 5000,
      },
    });
    this.worker.unref();
    const release = () => {
      this.releaseWrites?.();
      this.releaseWrites = undefined;
    };
    this.worker.on("message", (message: FromWorker) => {
      if ("wantsWriter" in message) {
        void hooks.holdWrites(
          () =>
            new Promise<void>((resolve) => {
              if (this.exited || this.stopping) return resolve();
              this.releaseWrites = resolve;
              this.worker.postMessage("go");
            }),
        );
        return;
      }
      release();
      if ("error" in message) return hooks.onFailure(new Error(`SQLite checkpoint failed: ${message.error}`));
      this.listeners.forEach((listener) => listener(message));
    });
    this.worker.on("error", (error) => hooks.onFailure(error));
    this.worker.on("exit", (code) => {
      this.exited = true;
      release();
      if (!this.stopping) hooks.onFailure(new Error(`the SQLite checkpoint worker exited (${code})`));
    });
  }

  /** False once the worker thread has ended (stopped, or died). */
  get running(): boolean {
    return !this.exited;
  }

  /** Calls `listener` after each checkpoint; returns its removal. */
  onCheckpoint(listener: (report: CheckpointReport) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the worker once its checkpoint in progress (if any) is done; its connection closed. */
  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      this.worker.once("exit", () => resolve());
      this.worker.ref(); // unreferenced, a shutdown with nothing else left would end the process before it exits
      this.worker.postMessage("stop");
    });
    return this.stopping;
  }
}
