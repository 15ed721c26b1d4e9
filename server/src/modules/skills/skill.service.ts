import { randomUUID } from "node:crypto";
import type { SecretBox } from "../../platform/crypto";
import type { Database, Tx } from "../../platform/db/database";
import { Conflict, Invalid, NotFound, type Problem } from "../../platform/errors";
import { MAX_PAGE_LIMIT, pageWindow, type Page } from "../../platform/graphql/page";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService, ProjectScope } from "../auth";
import type { KnowledgeService } from "../knowledge";
import { SkillEntity } from "./skill.entity";
import { SkillRepository, type VersionFilter } from "./skill.repository";
import { bundleFingerprint, checkContent, knowledgeBaseProblems, type SkillContentInput } from "./skill-content";
import { normaliseSkillName } from "./skill-name";
import { liveAtIn, type LiveAt } from "./skill-reader";
import { openToolSecret, sealTools, skillToolBinding } from "./tool-secrets";
import { BlobEntity, SkillFileEntity } from "./skill-file.entity";
import type { FileLimits } from "./skill-files";
import type { SkillPointerMoveEntity } from "./skill-pointer-move.entity";
import { toolUrlProblems, type CheckedTool } from "./skill-tools";
import { SkillVersionEntity, type StoredTool } from "./skill-version.entity";
import { reviewableOfChecked, type ContentReviewPort } from "./skill-review-content";

/**
 * Refuses, inside the editing transaction (the skill's row locked), to change a draft that something holds still —
 * a running rollout's candidate (RO-1); the rollouts module provides it through the composition root.
 */
export type DraftEditGuard = (tx: Tx, projectId: string, version: SkillVersionEntity) => Promise<void>;

/**
 * Skill versions over GraphQL (SV-1, SV-2, SV-9): authoring and reads, each authorising the request first. Other
 * modules read skills through SkillReader.
 */
export class SkillService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly knowledge: KnowledgeService,
    private readonly secrets: SecretBox,
    private readonly limits: FileLimits,
    // SEC-13: the hosts a tool's webhook may name although they are loopback or private
    private readonly outbound: { allowList: readonly string[] },
    private readonly guardEdit: DraftEditGuard = async () => {},
    // CR-1: without a reviewer (unit wiring), nothing is stored and the publish gate reviews the version itself
    private readonly review: ContentReviewPort = async () => async () => {},
  ) {}

  // ---- authoring (SV-1, SV-2) ----

  /** SV-1: version 1 of a new name, or the next version of an existing one; always a draft. */
  async create(ctx: AuthContext, input: SkillContentInput, projectId?: string | null): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor", projectId);
    return (await this.createInScope(scope, input)).version;
  }

  /**
   * `unlessNewestIs` (a bundle import, SK-2): when the skill's newest version, read under the skill's lock, holds a
   * bundle of this fingerprint, nothing is made and that version answers (`created: false`); so identical imports
   * racing each other make one version (SEC-15). `newSkillOnly` (a create of a new skill through the Skills API):
   * a skill of that name holding other content is refused with the error it makes from the skill's id.
   * `displayName` (EC-2) labels a skill this call makes; an existing skill keeps its own.
   */
  async createInScope(
    scope: ProjectScope,
    input: SkillContentInput,
    options: { unlessNewestIs?: string; newSkillOnly?: (skillId: string) => Error; displayName?: string } = {},
  ): Promise<{ version: SkillVersionEntity; created: boolean }> {
    const content = await this.checkedContent(scope.projectId, input);
    const name = content.parsed.name;
    const storeReview = await this.review(reviewableOfChecked(content));
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const now = new Date();
      await repo.ensureSkill(
        Object.assign(new SkillEntity(), {
          id: randomUUID(),
          projectId: scope.projectId,
          name,
          displayName: options.displayName ?? null,
          lastVersion: 0,
          liveVersionId: null,
          createdAt: now,
        }),
      );
      const skill = await repo.lockSkill(scope.projectId, name);
      if (!skill) throw new Error(`skill row ${scope.projectId}/${name} is missing inside its transaction`);
      const previous = await repo.findNewest(scope.projectId, name);
      if (previous && options.unlessNewestIs !== undefined) {
        const fingerprint = bundleFingerprint(previous.skillMd, await repo.filesOf([previous.id]));
        if (fingerprint === options.unlessNewestIs) return { version: previous, created: false };
      }
      if (previous && options.newSkillOnly) throw options.newSkillOnly(skill.id);
      const id = randomUUID();
      const version = Object.assign(new SkillVersionEntity(), {
        id,
        projectId: scope.projectId,
        skillId: skill.id,
        name,
        version: skill.lastVersion + 1,
        state: "draft" as const,
        description: content.parsed.description,
        skillMd: content.parsed.skillMd,
        instructions: content.parsed.instructions,
        frontmatter: content.parsed.frontmatter,
        warnings: content.parsed.warnings,
        tools: this.sealTools(id, content.tools, previous),
        knowledgeBases: content.knowledgeBases,
        createdBy: scope.actor,
        updatedBy: null,
        createdAt: now,
        updatedAt: now,
        publishedAt: null,
        archivedAt: null,
      });
      skill.lastVersion = version.version;
      await repo.saveSkill(skill);
      await repo.insertVersion(version);
      await this.storeFiles(repo, id, content.files);
      await storeReview(tx, { projectId: scope.projectId, versionId: id, edited: false });
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "skill",
        resourceId: id,
        action: "create",
        actor: scope.actor,
        data: { name, version: version.version },
      });
      return { version, created: true };
    });
  }

  /** SV-2: only a draft changes; its name stays. */
  async update(ctx: AuthContext, id: string, input: SkillContentInput): Promise<SkillVersionEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const content = await this.checkedContent(scope.projectId, input);
    const storeReview = await this.review(reviewableOfChecked(content));
    return this.db.write(async (tx) => {
      const repo = new SkillRepository(tx.manager);
      const found = await repo.findVersion(scope.projectId, id);
      // The skill's row is locked as a publish locks it: an edit and a publish of the draft never overlap (AP-3).
      if (found) await repo.lockSkill(scope.projectId, found.name);
      const version = found && (await repo.findVersion(scope.projectId, id));
      if (!version) throw new NotFound("The skill version");
      if (version.state !== "draft") {
        throw new Conflict(
          `Version ${version.version} of '${version.name}' is ${version.state} and never changes; create a new version to change the skill.`,
          { state: version.state },
        );
      }
      await repo.lockSkill(scope.projectId, version.name);
      await this.guardEdit(tx, scope.projectId, version);
      if (content.parsed.name !== version.name) {
        throw Invalid.field(
          "frontmatter.name",
          `frontmatter.name: a draft keeps its skill's name '${version.name}'; create a new skill to use '${content.parsed.name}'.`,
        );
      }
      const updated = {
        description: content.parsed.description,
        skillMd: content.parsed.skillMd,
        instructions: content.parsed.instructions,
        frontmatter: content.parsed.frontmatter,
        warnings: content.parsed.warnings,
        tools: this.sealTools(id, content.tools, version),
        knowledgeBases: content.knowledgeBases,
        updatedBy: scope.actor,
        updatedAt: new Date(),
      };
      await repo.updateDraft(id, updated);
      await this.storeFiles(repo, id, content.files);
      await storeReview(tx, { projectId: scope.projectId, versionId: id, edited: true });
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "skill",
        resourceId: id,
        action: "update",
        actor: scope.actor,
        data: { name: version.name, version: version.version },
      });
      return Object.assign(version, updated);
    });
  }

  /** PJ-3: a purged project's versions and its pointer log (rows without a foreign key to the project). */
  async purgeProject(tx: Tx, projectId: string): Promise<void> {
    const repo = new SkillRepository(tx.manager);
    await repo.purgeProjectVersions(projectId);
    await repo.deleteProjectLogs(projectId);
  }

  // ---- reading ----

  async list(
    ctx: AuthContext,
    filter: Omit<VersionFilter, "projectId"> & { projectId?: string | null },
    page: number,
    limit: number,
  ): Promise<Page<SkillVersionEntity>> {
    const scope = await this.auth.authorize(ctx, "viewer", filter.projectId);
    const window = pageWindow(page, limit);
    if (filter.names && filter.names.length > MAX_PAGE_LIMIT)
      throw Invalid.field("names", `names lists at most ${MAX_PAGE_LIMIT} skills; it lists ${filter.names.length}.`);
    const [items, total] = await this.db.read((m) =>
      new SkillRepository(m).page(
        {
          projectId: scope.projectId,
          name: filter.name && normaliseSkillName(filter.name),
          names: filter.names?.map(normaliseSkillName),
          search: filter.search && normaliseSkillName(filter.search),
          state: filter.state,
        },
        window,
      ),
    );
    return { items, total, page: window.page, limit: window.limit };
  }

  async get(ctx: AuthContext, id: string): Promise<SkillVersionEntity | null> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => new SkillRepository(m).findVersion(scope.projectId, id));
  }

  async getOrFail(ctx: AuthContext, id: string): Promise<SkillVersionEntity> {
    const version = await this.get(ctx, id);
    if (!version) throw new NotFound("The skill version");
    return version;
  }

  /** SV-9: every move of the live pointer of one skill, oldest first. */
  async pointerHistory(ctx: AuthContext, name: string): Promise<SkillPointerMoveEntity[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return this.db.read((m) => new SkillRepository(m).moves(scope.projectId, normaliseSkillName(name)));
  }

  /** SV-9: which version of each skill (or of the names given) was live at `at`. */
  async liveAt(ctx: AuthContext, at: Date, names?: readonly string[] | null): Promise<LiveAt[]> {
    const scope = await this.auth.authorize(ctx, "viewer");
    return liveAtIn(this.db, scope.projectId, at, names?.map(normaliseSkillName));
  }

  // ---- batches for this module's loaders and services: the versions were read through a scoped query ----

  skillsByIds(ids: readonly string[]): Promise<SkillEntity[]> {
    return this.db.read((m) => new SkillRepository(m).skillsByIds(ids));
  }

  filesOf(versionIds: readonly string[]): Promise<SkillFileEntity[]> {
    return this.db.read((m) => new SkillRepository(m).filesOf(versionIds));
  }

  blobs(hashes: readonly string[]): Promise<BlobEntity[]> {
    return this.db.read((m) => new SkillRepository(m).blobs(hashes));
  }

  /** The newest version's bundle fingerprint, to tell an identical re-import (SK-2). */
  async newestFingerprint(
    projectId: string,
    name: string,
  ): Promise<{ version: SkillVersionEntity; fingerprint: string } | null> {
    return this.db.read(async (m) => {
      const repo = new SkillRepository(m);
      const newest = await repo.findNewest(projectId, name);
      if (!newest) return null;
      const files = await repo.filesOf([newest.id]);
      return { version: newest, fingerprint: bundleFingerprint(newest.skillMd, files) };
    });
  }

  // ---- helpers ----

  private async checkedContent(projectId: string, input: SkillContentInput) {
    const content = checkContent(input, this.limits);
    const ids = content.knowledgeBases.map((k) => k.knowledgeBaseId);
    const [known, urlProblems] = await Promise.all([
      this.knowledge.existingIds(projectId, ids),
      toolUrlProblems(content.tools, this.outbound.allowList),
    ]);
    const problems: Problem[] = [
      ...content.problems,
      ...urlProblems,
      ...knowledgeBaseProblems(content.knowledgeBases, known),
    ];
    if (problems.length > 0) {
      throw Invalid.of(
        problems,
        problems.length === 1
          ? `The skill version was refused: ${problems[0]!.message}`
          : `The skill version was refused with ${problems.length} problems: ${problems.map((p) => p.message).join(" ")}`,
      );
    }
    return content;
  }

  private sealTools(versionId: string, tools: CheckedTool[], previous: SkillVersionEntity | null): StoredTool[] {
    return sealTools(this.secrets, skillToolBinding, versionId, tools, previous);
  }

  /** The plaintext secret of a tool (SEC-10's tests read what is stored through it). */
  openToolSecret(version: SkillVersionEntity, toolName: string): string | null {
    return openToolSecret(this.secrets, version, toolName);
  }

  private async storeFiles(
    repo: SkillRepository,
    versionId: string,
    files: ReturnType<typeof checkContent>["files"],
  ): Promise<void> {
    const now = new Date();
    await repo.insertBlobsIfAbsent(
      files.map((f) =>
        Object.assign(new BlobEntity(), {
          sha256: f.sha256,
          size: f.size,
          contentBase64: f.contentBase64,
          createdAt: now,
        }),
      ),
    );
    await repo.replaceFiles(
      versionId,
      files.map((f) =>
        Object.assign(new SkillFileEntity(), { versionId, path: f.path, sha256: f.sha256, size: f.size }),
      ),
    );
  }
}
