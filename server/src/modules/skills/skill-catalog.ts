import type { Database } from "../../platform/db/database";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import type { CatalogVersion, RuntimeKnowledgeBase, SkillCatalog, SkillEntry } from "../runtime";
import {
  CATALOG_STATEMENT,
  catalogSourceOf,
  catalogStatement,
  type CatalogRow,
  type CatalogSource,
} from "./skill.repository";

export const SKILL_LIVE_TOPIC = "skill_live";
/** PV-3: a version was revoked: every instance drops it (by id) from the versions it keeps. */
export const SKILL_VERSION_TOPIC = "skill_version";

/** Reads the knowledge bases (with their documents) that versions reference; the knowledge module provides it. */
export type KnowledgeReader = (projectId: string, ids: readonly string[]) => Promise<RuntimeKnowledgeBase[]>;

const liveKey = (projectId: string, name: string) => `${projectId}\u0000${name}`;

/**
 * What calls resolve against (RT-1), fast: published and archived versions never change, so they are cached by id
 * for good; "which version is live" is cached per (project, name) and dropped on every instance when a publish,
 * rollback or delete moves it (the invalidation bus). A miss is one SQL statement for the whole skill list,
 * read through the driver and mapped by hand.
 */
export class SkillCatalogService {
  /**
   * Versions by id. A version's content never changes, but a revocation (PV-3) does change what it may serve, so
   * this is an InvalidatedCache too: a revocation drops the version on every instance (or, while the bus is down,
   * entries live only briefly).
   */
  private readonly versions: InvalidatedCache<string, CatalogSource>;
  /** null: the skill has no live version (cached too, so unknown names cost nothing after the first call). */
  private readonly live: InvalidatedCache<string, string | null>;

  constructor(
    private readonly db: Database,
    bus: InvalidationBus,
    private readonly knowledge: KnowledgeReader,
  ) {
    this.live = new InvalidatedCache(bus, SKILL_LIVE_TOPIC, 50_000);
    this.versions = new InvalidatedCache(bus, SKILL_VERSION_TOPIC, 20_000);
  }

  /** PV-3: called after a revocation committed. */
  versionRevoked(versionId: string): Promise<void> {
    return this.versions.invalidate(versionId);
  }

  /** Called after a publish, rollback or delete committed. */
  liveMoved(projectId: string, name: string): Promise<void> {
    return this.live.invalidate(liveKey(projectId, name));
  }

  /**
   * `extra`: versions the caller already holds that the catalog should carry too (a running rollout's frozen
   * candidate, RO-2), their knowledge bases read with the others'.
   */
  async catalogFor(
    projectId: string,
    entries: readonly SkillEntry[],
    extra: readonly CatalogSource[] = [],
  ): Promise<SkillCatalog> {
    const last = this.lastCatalog.get(entries);
    if (last && (await this.stillHolds(last, projectId, entries, extra))) return last.catalog;
    const liveVersionIdByName = new Map<string, string>();
    const versionsById = new Map<string, CatalogVersion>();
    const names: string[] = [];
    const ids = new Set<string>();
    const found: CatalogSource[] = [...extra];
    for (const entry of entries) {
      if (entry.versionId) {
        const cached = this.versions.get(entry.versionId);
        if (cached && cached.projectId === projectId) found.push(cached);
        else ids.add(entry.versionId);
        continue;
      }
      const liveId = this.live.get(liveKey(projectId, entry.name));
      if (liveId === null) continue;
      const cached = liveId ? this.versions.get(liveId) : undefined;
      if (cached) {
        liveVersionIdByName.set(entry.name, cached.id);
        found.push(cached);
      } else names.push(entry.name);
    }
    if (names.length > 0 || ids.size > 0) {
      const token = this.readTokens();
      const statement = catalogStatement(this.db.dialect, projectId, names, [...ids]);
      const read = (await this.db.rows<CatalogRow>(CATALOG_STATEMENT, statement)).map(catalogSourceOf);
      const rows = this.keep(token, projectId, names, read);
      for (const row of rows) {
        found.push(row);
        if (row.state === "published" && names.includes(row.name)) liveVersionIdByName.set(row.name, row.id);
      }
    }
    const baseIds = [...new Set(found.flatMap((v) => v.knowledgeBases.map((k) => k.knowledgeBaseId)))];
    const bases = new Map((await this.knowledge(projectId, baseIds)).map((b) => [b.id, b]));
    for (const version of found) versionsById.set(version.id, this.catalogVersion(version, bases));
    const catalog = { liveVersionIdByName, versionsById };
    // Kept only when every version came from the cache: what a read found may already be invalidated.
    if (names.length === 0 && ids.size === 0) {
      const documents = baseIds.map((id) => bases.get(id)?.documents);
      const liveKeys = entries.map((entry) => liveKey(projectId, entry.name));
      this.lastCatalog.set(entries, { projectId, extra, found, baseIds, documents, catalog, liveKeys });
    }
    return catalog;
  }

  /**
   * For a statement that reads versions of a skill list along with other rows (an agent version's entries,
   * `entriesCatalogColumn`), called before it is sent; the function it returns keeps what the statement found — in
   * `projectId`, the published versions of `names` (a name without one is kept as having none) and any version asked
   * by id — as a miss read on its own does: a live pointer that moved in between (its topic) is not kept.
   */
  primer(): (projectId: string, names: readonly string[], rows: readonly CatalogSource[]) => void {
    const token = this.readTokens();
    return (projectId, names, rows) => this.keep(token, projectId, names, rows);
  }

  /**
   * What a read begun at `token` found: versions for good (not drafts), the live pointers of `names`; returns the rows
   * as the cache holds them. A version already cached in the same state stays the object it was: a version never
   * changes but for its state, and the kept catalogs, resolutions and contexts hold by identity (`stillHolds`), so
   * another agent's read of shared versions must not replace them (it did: each such read rebuilt them all).
   */
  private readTokens(): { live: number; versions: number } {
    return { live: this.live.readToken(), versions: this.versions.readToken() };
  }

  private keep(
    token: { live: number; versions: number },
    projectId: string,
    names: readonly string[],
    rows: readonly CatalogSource[],
  ): CatalogSource[] {
    const live = new Map<string, string>();
    const kept = rows.map((row) => {
      if (row.state === "published" && row.projectId === projectId) live.set(row.name, row.id);
      if (row.state === "draft") return row;
      const cached = this.versions.get(row.id);
      if (cached && cached.state === row.state && cached.projectId === row.projectId) return cached;
      this.versions.setIfCurrent(token.versions, row.id, row);
      return row;
    });
    for (const name of names) this.live.setIfCurrent(token.live, liveKey(projectId, name), live.get(name) ?? null);
    return kept;
  }

  /**
   * The catalog built for the same entries (an agent version's list, the same array while the agent
   * directory keeps it) holds while every lookup catalogFor makes answers as it did — each live pointer the same id,
   * each version the same cached object, the same extra versions, the same knowledge snapshots — so the caches stay
   * the one source of truth (invalidations, expiry) and only the building is skipped.
   */
  private async stillHolds(
    last: KeptCatalog,
    projectId: string,
    entries: readonly SkillEntry[],
    extra: readonly CatalogSource[],
  ): Promise<boolean> {
    if (last.projectId !== projectId || last.extra.length !== extra.length) return false;
    if (!extra.every((v, i) => v === last.extra[i])) return false;
    // Nothing either cache holds changed since every lookup below last answered as it did, and no live pointer has
    // expired since: they would answer the same again (thousands of lookups for an agent with thousands of skills).
    const live = this.live.changes;
    const versions = this.versions.changes;
    const unchanged = last.checked?.live === live && last.checked.versions === versions;
    if (!(unchanged && Date.now() < last.checked!.until) && !this.lookupsHold(last, entries, extra)) return false;
    if (last.baseIds.length === 0) return true;
    const bases = new Map((await this.knowledge(projectId, last.baseIds)).map((b) => [b.id, b]));
    return last.baseIds.every((id, i) => bases.get(id)?.documents === last.documents[i]);
  }

  /** Every lookup catalogFor makes answers as it did when `last` was built; noted on `last` when they do. */
  private lookupsHold(last: KeptCatalog, entries: readonly SkillEntry[], extra: readonly CatalogSource[]): boolean {
    const checked = { live: this.live.changes, versions: this.versions.changes, until: Number.POSITIVE_INFINITY };
    let k = extra.length;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.versionId) {
        if (this.versions.get(entry.versionId) !== last.found[k++]) return false;
        continue;
      }
      // the key strings kept with the catalog: a string built anew per lookup is hashed anew (thousands per start)
      const key = last.liveKeys[i]!;
      const live = this.live.entryOf(key);
      if (live === undefined) return false;
      checked.until = Math.min(checked.until, live.until);
      const liveId = live.value;
      if (liveId === null) continue;
      if (this.versions.get(liveId) !== last.found[k++]) return false;
    }
    if (k !== last.found.length) return false;
    // the lookups themselves may have changed a cache (an expired entry dropped): only an unchanged pass is noted
    if (checked.live === this.live.changes && checked.versions === this.versions.changes) last.checked = checked;
    return true;
  }

  private readonly lastCatalog = new WeakMap<readonly SkillEntry[], KeptCatalog>();

  /**
   * The same object for a cached version while the knowledge bases it references are the same snapshots
   * (the knowledge cache builds a new snapshot, with a new document list, when a base changes), so a call start can
   * tell by identity that it resolved what the previous one did.
   */
  private catalogVersion(version: CatalogSource, bases: ReadonlyMap<string, RuntimeKnowledgeBase>): CatalogVersion {
    const used = version.knowledgeBases.map((ref) => bases.get(ref.knowledgeBaseId)?.documents);
    const known = this.built.get(version);
    if (known && known.bases.length === used.length && known.bases.every((b, i) => b === used[i])) return known.version;
    const built = toCatalogVersion(version, bases);
    this.built.set(version, { bases: used, version: built });
    return built;
  }

  private readonly built = new WeakMap<
    CatalogSource,
    { bases: Array<RuntimeKnowledgeBase["documents"] | undefined>; version: CatalogVersion }
  >();
}

/** A catalog as catalogFor built it from cached versions only, with what its lookups answered. */
interface KeptCatalog {
  projectId: string;
  extra: readonly CatalogSource[];
  /** The versions in lookup order: `extra`, then one per entry that had a version (pinned, or a live pointer). */
  found: readonly CatalogSource[];
  baseIds: readonly string[];
  documents: ReadonlyArray<RuntimeKnowledgeBase["documents"] | undefined>;
  catalog: SkillCatalog;
  /** The live pointer's key of each entry, in order. */
  liveKeys: readonly string[];
  /** Both caches' `changes` when every lookup last held, and when the first live pointer looked up expires. */
  checked?: { live: number; versions: number; until: number };
}

export function toCatalogVersion(
  version: CatalogSource,
  bases: ReadonlyMap<string, RuntimeKnowledgeBase>,
): CatalogVersion {
  return {
    id: version.id,
    name: version.name,
    version: version.version,
    state: version.state,
    description: version.description,
    instructions: version.instructions,
    tools: version.tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      webhookUrl: t.webhookUrl,
    })),
    knowledgeBases: version.knowledgeBases.flatMap((ref) => {
      const base = bases.get(ref.knowledgeBaseId);
      return base ? [{ ...base, mode: ref.mode }] : [];
    }),
    ...(version.revokedAt ? { revoked: true } : {}),
  };
}
