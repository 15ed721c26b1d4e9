import { createHash } from "node:crypto";
import { LruCache } from "../../platform/cache/lru-cache";
import type { CallSegment, CallState } from "./call-state";

/** What a segment resolved (agent, skills with their text and tools, knowledge, MCP tools): one stored row. */
export type SegmentContext = Omit<CallSegment, "startedAt" | "shown">;

/** A segment as a call row keeps it: the content hash of its context, when it took over, what its catalog shows. */
export interface SegmentRef {
  context: string;
  startedAt: string;
  /** CT-1: absent when the catalog shows every skill. */
  shown?: readonly string[];
}

/** A call's `state` column: segments by reference (older rows hold whole segments; both read the same). */
export interface StoredCallState extends Omit<CallState, "segments"> {
  segments: Array<SegmentRef | CallSegment>;
}

/** A context to store: its hash, the project it belongs to, its JSON. */
export interface ContextRow {
  hash: string;
  projectId: string;
  body: string;
}

/**
 * A segment made from a context that is shared by the starts that resolved the same: the context is remembered with
 * it (by identity), so what is derived from the context — its content hash here, the prompt and tools in
 * call-state — is derived once per context, not per call.
 */
const contextOfSegment = new WeakMap<CallSegment, SegmentContext>();

export function segmentFrom(context: SegmentContext, startedAt: string, shown?: readonly string[] | null): CallSegment {
  const segment: CallSegment = shown ? { ...context, startedAt, shown } : { ...context, startedAt };
  contextOfSegment.set(segment, context);
  return segment;
}

const isRef = (segment: SegmentRef | CallSegment): segment is SegmentRef => "context" in segment;

/**
 * RT-8, RT-10: a call keeps what it resolved exactly, but by content hash: the context (skills' text, tools,
 * knowledge as read at start) is stored once per project and content, shared by every call that resolved the same,
 * and never changes (its key is its content). This process remembers the contexts it stored or read, parsed.
 */
export class CallContexts {
  private readonly parsed = new LruCache<string, SegmentContext>(5_000);
  /** Hashes of contexts known to be in the database (stored by a committed call start, or read from it). */
  private readonly stored = new LruCache<string, true>(20_000);
  private readonly hashOf = new WeakMap<CallSegment | SegmentContext, string>();
  /** Hashes of contexts whose resolved versions are known to be in `call_context_skills` (CT-1). */
  private readonly listed = new LruCache<string, true>(20_000);

  /** The call row's state, and the contexts it references that may not be stored yet. */
  slim(projectId: string, state: CallState): { state: StoredCallState; contexts: ContextRow[] } {
    const contexts: ContextRow[] = [];
    const segments = state.segments.map((segment): SegmentRef => {
      const shared = contextOfSegment.get(segment) ?? segment;
      let hash = this.hashOf.get(shared);
      if (!hash || !this.stored.get(hash)) {
        const { startedAt: _s, shown: _shown, ...context } = segment;
        const body = JSON.stringify(context);
        // The project is part of the key: a project's contexts go with it, and no other project's call reads them.
        hash = createHash("sha256").update(projectId).update("\n").update(body).digest("base64url");
        this.hashOf.set(shared, hash);
        if (!this.stored.get(hash)) contexts.push({ hash, projectId, body });
        this.parsed.set(hash, shared === segment ? context : (shared as SegmentContext));
      }
      return segment.shown
        ? { context: hash, startedAt: segment.startedAt, shown: segment.shown }
        : { context: hash, startedAt: segment.startedAt };
    });
    return { state: { ...state, segments }, contexts };
  }

  /**
   * After the contexts' transaction committed: later calls skip storing them (and `listed`: the versions of that
   * context, CT-1).
   */
  markStored(contexts: readonly ContextRow[], listed?: string | null): void {
    for (const c of contexts) this.stored.set(c.hash, true);
    if (listed) this.listed.set(listed, true);
  }

  /** CT-1: whether a context's resolved versions are known to be in `call_context_skills`. */
  isListed(hash: string): boolean {
    return this.listed.get(hash) === true;
  }

  /** The hashes `states` reference that this process has not parsed yet. */
  missing(states: readonly StoredCallState[]): string[] {
    const hashes = states.flatMap((s) => s.segments.filter(isRef).map((r) => r.context));
    return [...new Set(hashes)].filter((hash) => !this.parsed.get(hash));
  }

  /** Keeps contexts read from the database. */
  remember(rows: ReadonlyArray<{ hash: string; body: string }>): void {
    for (const row of rows) {
      this.parsed.set(row.hash, JSON.parse(row.body) as SegmentContext);
      this.stored.set(row.hash, true);
    }
  }

  /** The state as the service works on it: every segment whole. `missing` must have been read first. */
  whole(stored: StoredCallState): CallState {
    const segments = stored.segments.map((segment): CallSegment => {
      if (!isRef(segment)) return segment;
      const context = this.parsed.get(segment.context);
      if (!context) throw new Error(`call context ${segment.context} is missing`);
      this.hashOf.set(context, segment.context);
      return segmentFrom(context, segment.startedAt, segment.shown);
    });
    return { ...stored, segments };
  }
}
