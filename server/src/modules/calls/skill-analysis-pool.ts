import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { cpuQuota } from "../../platform/cpu-quota";
import {
  encodeDocuments,
  VocabularyMirror,
  type AnalysedSkill,
  type AnalysisBatch,
  type SkillDocument,
} from "../runtime";

/** The compiled worker beside this module (tsc's output); absent when the sources run as TypeScript (tests). */
export const ANALYSIS_WORKER_SCRIPT = path.join(__dirname, "skill-analysis.worker.js");

type FromWorker = { ready: true } | { id: number; analysis: AnalysisBatch } | { id: number; error: string };

interface Waiting {
  resolve(analyses: AnalysedSkill[]): void;
  reject(error: Error): void;
}

/** One worker thread, its copy of the worker's vocabularies and the batches it has not answered yet. */
class AnalysisThread {
  private readonly mirror = new VocabularyMirror();
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  private failure: Error | null = null;
  private markReady!: () => void;
  /** Settles once the thread has warmed up, or failed. */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    private readonly worker: Worker,
    private readonly onFailure: (error: Error) => void,
  ) {
    worker.unref();
    worker.on("message", (message: FromWorker) => this.answer(message));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`the skill analysis thread stopped (exit code ${code})`)));
  }

  get pending(): number {
    return this.waiting.size;
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  analyse(documents: readonly SkillDocument[]): Promise<AnalysedSkill[]> {
    if (this.failure) return Promise.reject(this.failure);
    const batch = encodeDocuments(documents);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // a thread with work keeps the process alive until it answers; an idle one does not
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage({ id, batch }, [batch.bytes.buffer, batch.ends.buffer]);
    });
  }

  stop(): Promise<number> {
    this.failure ??= new Error("the skill analysis thread was stopped");
    return this.worker.terminate();
  }

  private answer(message: FromWorker): void {
    if ("ready" in message) return this.markReady();
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    this.waiting.delete(message.id);
    if (this.waiting.size === 0) this.worker.unref();
    if ("error" in message) return this.fail(new Error(message.error), waiting);
    let analyses: AnalysedSkill[];
    try {
      analyses = this.mirror.read(message.analysis);
    } catch (error) {
      return this.fail(error as Error, waiting);
    }
    waiting.resolve(analyses);
  }

  /** A thread that failed once is not asked again: its vocabularies and this mirror may no longer agree. */
  private fail(error: Error, also?: Waiting): void {
    const first = this.failure === null;
    this.failure ??= error;
    this.markReady();
    also?.reject(error);
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
    if (first) {
      this.onFailure(error);
      void this.worker.terminate();
    }
  }
}

export interface AnalysisPoolOptions {
  /** Worker threads (0: none). */
  threads: number;
  /** The worker's script (default: the compiled one beside this module). */
  script?: string;
  /** Told once per thread that fails (its batches are then analysed by the caller). */
  onFailure?: (error: Error) => void;
}

/**
 * CT-2: skills analysed on other cores. A cold index of thousands of skills with their SKILL.md bodies is a second of
 * CPU (about 85 MB of text at 10,000); `analyseInTurns` (call-catalog.ts) hands it to these threads in batches, so
 * it takes a share of the cores and holds no request of the event loop. Threads start on first use, or at boot
 * (`start`, when the live skills hold much text: startAnalysisThreadsFor), and do not keep
 * an idle process alive.
 */
export class SkillAnalysisPool {
  private threads: AnalysisThread[] | null = null;

  constructor(private readonly options: AnalysisPoolOptions) {}

  /** Its threads (some may have failed). */
  get size(): number {
    return Math.max(0, this.options.threads);
  }

  /** Threads started and not failed (0 before first use or `start`). */
  get running(): number {
    return (this.threads ?? []).filter((thread) => !thread.failed).length;
  }

  /** Whether batches can go to a thread now (some thread has not failed). */
  get available(): boolean {
    if (this.options.threads <= 0) return false;
    return this.threads === null || this.threads.some((thread) => !thread.failed);
  }

  /** The skills' analyses, by position; rejects if the thread failed (the caller analyses them itself). */
  analyse(documents: readonly SkillDocument[]): Promise<AnalysedSkill[]> {
    const live = this.started().filter((thread) => !thread.failed);
    if (live.length === 0) return Promise.reject(new Error("no skill analysis thread is running"));
    const idlest = live.reduce((best, thread) => (thread.pending < best.pending ? thread : best));
    return idlest.analyse(documents);
  }

  /**
   * Starts the threads now rather than on first use, and settles once each has warmed up (or failed): a server that
   * holds enough skill text for its lists to go to the threads starts them at boot, so the first cold list after a
   * restart does not wait for them.
   */
  async start(): Promise<void> {
    if (this.options.threads <= 0) return;
    await Promise.all(this.started().map((thread) => thread.ready));
  }

  async stop(): Promise<void> {
    const threads = this.threads ?? [];
    this.threads = null;
    await Promise.all(threads.map((thread) => thread.stop()));
  }

  private started(): AnalysisThread[] {
    this.threads ??= Array.from(
      { length: this.options.threads },
      () =>
        new AnalysisThread(new Worker(this.options.script ?? ANALYSIS_WORKER_SCRIPT), (error) =>
          this.options.onFailure?.(error),
        ),
    );
    return this.threads;
  }
}

/**
 * The threads a process uses by default: one per core it may use — its cpuset, and a CPU quota rounded up — at most 4;
 * none where the compiled script is absent.
 */
export function defaultAnalysisThreads(): number {
  if (!fs.existsSync(ANALYSIS_WORKER_SCRIPT)) return 0;
  quota ??= { cpus: cpuQuota() };
  return analysisThreadsFor(os.availableParallelism(), quota.cpus);
}

/** One thread per core of `cores` that a quota of `quotaCpus` (null: none) lets run at once, at least 1, at most 4. */
export function analysisThreadsFor(cores: number, quotaCpus: number | null): number {
  const usable = quotaCpus === null ? cores : Math.min(cores, Math.ceil(quotaCpus));
  return Math.max(1, Math.min(4, usable));
}

let quota: { cpus: number | null } | undefined;

/**
 * The process's analysis threads (`configureSkillAnalysis`, from SKILL_ANALYSIS_THREADS; by default one per core, at
 * most 4, when the compiled worker is there).
 */
let current: SkillAnalysisPool | null = null;

export function analysisPool(): SkillAnalysisPool {
  return (current ??= new SkillAnalysisPool({ threads: defaultAnalysisThreads() }));
}

/** Sets the analysis threads (0: none), stopping the ones before. */
export function configureSkillAnalysis(options: AnalysisPoolOptions): Promise<void> {
  return useSkillAnalysisPool(new SkillAnalysisPool(options))?.stop() ?? Promise.resolve();
}

/** Analyses with `next` from now on; answers the pool used before, left running (a bench switches between two). */
export function useSkillAnalysisPool(next: SkillAnalysisPool): SkillAnalysisPool | null {
  const before = current;
  current = next;
  return before;
}

/** Skill versions analysed since the process started, by where (OB-2's `skillgraph_skills_analysed`). */
const analysed = { thread: 0, event_loop: 0 };

export function countAnalysed(where: keyof typeof analysed, count: number): void {
  analysed[where] += count;
}

export function skillAnalysisCounts(): Readonly<typeof analysed> {
  return { ...analysed };
}
