import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import { LruCache } from "../../platform/cache/lru-cache";
import type { Database } from "../../platform/db/database";
import { NotFound } from "../../platform/errors";
import type { Principal } from "../../platform/graphql/context";
import type { AuthContext, AuthService } from "../auth";
import type { SkillFileEntity, SkillReader, SkillVersionEntity } from "../skills";
import { ArchiveBytes } from "./archive-bytes";
import {
  archivePath,
  DISCOVERY_SCHEMA,
  omittedBecause,
  sha256Digest,
  skillArchive,
  type ArchiveFile,
} from "./discovery-archive";
import { DiscoveryRepository } from "./discovery.repository";

export const DISCOVERY_TOPIC = "discovery_project";
const PUBLIC = "public";

export interface DiscoveryIndex {
  $schema: string;
  skills: Array<{ name: string; type: "archive"; description: string; url: string; digest: string }>;
}

export interface DiscoveryLimits {
  /** Archives kept in memory, in bytes (by digest, least recently used out first). */
  archiveCacheBytes: number;
  /** How many bytes of files one read for the index builds archives from at most (one batch at a time). */
  batchBytes: number;
}

const DEFAULT_LIMITS: DiscoveryLimits = { archiveCacheBytes: 32 * 1024 * 1024, batchBytes: 8 * 1024 * 1024 };

/**
 * PV-4: `/.well-known/agent-skills/index.json` — a project's live skills in the Agent Skills discovery format v0.2.0,
 * each as a zip whose bytes are reproducible (discovery-archive.ts), so its digest is the sha256 of what its URL
 * serves. A revoked version is never live, so it is never listed or served. Memory stays bounded: digests are kept
 * per version (a version's content never changes), archive bytes by digest within a byte budget, and an index of many
 * skills builds the missing ones a batch at a time.
 */
export class DiscoveryService {
  private readonly publicProjectCache: InvalidatedCache<typeof PUBLIC, string | null>;
  private readonly digests = new LruCache<string, string>(100_000);
  private readonly archives: ArchiveBytes;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly skills: SkillReader,
    bus: InvalidationBus,
    /** DISCOVERY_PROJECT: applied at start (applyStartValue). */
    private readonly startValue: string | undefined,
    private readonly limits: DiscoveryLimits = DEFAULT_LIMITS,
  ) {
    this.publicProjectCache = new InvalidatedCache(bus, DISCOVERY_TOPIC, 1);
    this.archives = new ArchiveBytes(limits.archiveCacheBytes);
  }

  /** DISCOVERY_PROJECT is the start value: a process started with it serves that project (setDiscoveryProject after). */
  async applyStartValue(): Promise<void> {
    if (this.startValue === undefined) return;
    const projectId = this.startValue;
    await this.db.write(async (tx) => {
      await new DiscoveryRepository(tx.manager).setPublicProject(projectId, new Date());
      tx.afterCommit(() => this.publicProjectCache.invalidate(PUBLIC));
    });
  }

  /** setDiscoveryProject (the platform credential): the project served without a key; null: none. */
  async setPublicProject(ctx: AuthContext, projectId: string | null): Promise<string | null> {
    this.auth.requirePlatform(ctx);
    if (projectId !== null && !(await this.auth.projectIsLive(projectId))) throw new NotFound("The project");
    await this.db.write(async (tx) => {
      await new DiscoveryRepository(tx.manager).setPublicProject(projectId, new Date());
      tx.afterCommit(() => this.publicProjectCache.invalidate(PUBLIC));
    });
    return projectId;
  }

  /** The project a request reads: its key's; without a credential the public one (null: 401). */
  async projectFor(principal: Principal | null): Promise<string | null> {
    if (principal) return principal.kind === "key" ? principal.projectId : null;
    const projectId = await this.publicProjectCache.getOrLoad(PUBLIC, async () => {
      const stored = await this.db.read((m) => new DiscoveryRepository(m).publicProject());
      return stored === undefined ? (this.startValue ?? null) : stored;
    });
    return projectId !== null && (await this.auth.projectIsLive(projectId)) ? projectId : null;
  }

  async index(projectId: string): Promise<DiscoveryIndex> {
    const listed = (await this.skills.liveVersions(projectId)).filter((v) => omittedBecause(v) === null);
    const digestOf = new Map<string, string>();
    for (const v of listed) {
      const known = this.digests.get(v.id);
      if (known) digestOf.set(v.id, known);
    }
    const built = await this.digestMissing(
      projectId,
      listed.filter((v) => !digestOf.has(v.id)),
    );
    for (const [id, digest] of built) digestOf.set(id, digest);
    return {
      $schema: DISCOVERY_SCHEMA,
      skills: listed.map((v) => ({
        name: v.name,
        type: "archive" as const,
        description: v.description,
        url: archivePath(v.name, v.version),
        digest: digestOf.get(v.id)!,
      })),
    };
  }

  /** The archive of `name`'s live version when it is `version` (null: not live, not listed, or no such skill). */
  async archive(projectId: string, name: string, version: number): Promise<Uint8Array | null> {
    const [live] = await this.skills.publishedVersions(projectId, [name]);
    if (!live || live.version !== version || omittedBecause(live) !== null) return null;
    const digest = this.digests.get(live.id);
    const kept = digest ? this.archives.get(digest) : undefined;
    if (kept) return kept;
    const [built] = await this.build(projectId, [live], await this.filesByVersion(projectId, [live]));
    return built!.bytes;
  }

  /** Archives of versions whose digest is not known yet, built in batches of at most `batchBytes` of files. */
  private async digestMissing(
    projectId: string,
    versions: readonly SkillVersionEntity[],
  ): Promise<Map<string, string>> {
    const digests = new Map<string, string>();
    if (versions.length === 0) return digests;
    const files = await this.filesByVersion(projectId, versions);
    const flush = async (batch: readonly SkillVersionEntity[]) => {
      const built = await this.build(projectId, batch, files);
      batch.forEach((v, i) => digests.set(v.id, built[i]!.digest));
    };
    let batch: SkillVersionEntity[] = [];
    let bytes = 0;
    for (const version of versions) {
      const own = files.get(version.id) ?? [];
      const size = own.reduce((sum, f) => sum + f.size, 0) + version.skillMd.length;
      if (batch.length > 0 && bytes + size > this.limits.batchBytes) {
        await flush(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(version);
      bytes += size;
    }
    await flush(batch);
    return digests;
  }

  /** The files of `versions` (one read), by version id. */
  private async filesByVersion(
    projectId: string,
    versions: readonly SkillVersionEntity[],
  ): Promise<Map<string, SkillFileEntity[]>> {
    const byVersion = new Map<string, SkillFileEntity[]>();
    const files = await this.skills.filesOf(
      projectId,
      versions.map((v) => v.id),
    );
    for (const f of files) {
      const own = byVersion.get(f.versionId);
      if (own) own.push(f);
      else byVersion.set(f.versionId, [f]);
    }
    return byVersion;
  }

  /** Builds the archives of `versions` from their files (one read of their contents), keeping digest and bytes. */
  private async build(
    projectId: string,
    versions: readonly SkillVersionEntity[],
    filesByVersion: ReadonlyMap<string, readonly SkillFileEntity[]>,
  ): Promise<Array<{ digest: string; bytes: Uint8Array }>> {
    if (versions.length === 0) return [];
    const files = versions.flatMap((v) => filesByVersion.get(v.id) ?? []);
    const blobs = new Map(
      (await this.skills.blobsOf(projectId, [...new Set(files.map((f) => f.sha256))])).map((b) => [b.sha256, b]),
    );
    return versions.map((version) => {
      const own: ArchiveFile[] = (filesByVersion.get(version.id) ?? []).map((f) => ({
        path: f.path,
        content: Buffer.from(blobs.get(f.sha256)?.contentBase64 ?? "", "base64"),
      }));
      const bytes = skillArchive(version.skillMd, own);
      const digest = this.remember(version.id, sha256Digest(bytes));
      this.archives.set(digest, bytes);
      return { digest, bytes };
    });
  }

  private remember(versionId: string, digest: string): string {
    this.digests.set(versionId, digest);
    return digest;
  }
}
