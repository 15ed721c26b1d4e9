import { randomUUID } from "node:crypto";
import type { Database } from "../../platform/db/database";
import { Invalid, NotFound, type Problem } from "../../platform/errors";
import type { AuditService } from "../audit";
import type { AuthContext, AuthService } from "../auth";
import {
  DOCUMENT_TITLE_LENGTH,
  KNOWLEDGE_BASE_NAME_LENGTH,
  KnowledgeBaseEntity,
  KnowledgeDocumentEntity,
} from "./knowledge-base.entity";
import { KnowledgeRepository } from "./knowledge.repository";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import type { RuntimeKnowledgeBase } from "../runtime";

const KNOWLEDGE_TOPIC = "knowledge_base";

export interface KnowledgeBaseInput {
  name: string;
  description?: string | null;
  topK?: number | null;
  similarityThreshold?: number | null;
}

function checkBase(input: KnowledgeBaseInput): Problem[] {
  const problems: Problem[] = [];
  const name = input.name.trim();
  if (name.length < 1 || name.length > KNOWLEDGE_BASE_NAME_LENGTH)
    problems.push({
      path: "name",
      message: `name must have 1 to ${KNOWLEDGE_BASE_NAME_LENGTH} characters; it has ${name.length}.`,
    });
  if (input.topK != null && (!Number.isInteger(input.topK) || input.topK < 1 || input.topK > 50)) {
    problems.push({ path: "top_k", message: `topK must be a whole number from 1 to 50; it is ${input.topK}.` });
  }
  const threshold = input.similarityThreshold;
  if (threshold != null && !(threshold >= 0 && threshold <= 1)) {
    problems.push({
      path: "similarity_threshold",
      message: `similarityThreshold must be from 0 to 1; it is ${threshold}.`,
    });
  }
  return problems;
}

export class KnowledgeService {
  /** Bases with their documents, as calls read them when they start (RT-8); dropped when a document is added. */
  private readonly snapshots: InvalidatedCache<string, Omit<RuntimeKnowledgeBase, "mode"> & { projectId: string }>;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    bus: InvalidationBus,
  ) {
    this.snapshots = new InvalidatedCache(bus, KNOWLEDGE_TOPIC, 5_000);
  }

  /**
   * The project's bases among `ids` with every document, for a call starting now. `mode` is the referrer's
   * (a skill version or an agent), so it is "tool" here until the caller sets it.
   */
  async basesWithDocuments(projectId: string, ids: readonly string[]): Promise<RuntimeKnowledgeBase[]> {
    const missing = ids.filter((id) => !this.snapshots.get(id));
    if (missing.length > 0) {
      const token = this.snapshots.readToken();
      const [bases, documents] = await this.db.read(async (m) => {
        const repo = new KnowledgeRepository(m);
        const found = await repo.findBasesAnyProject(missing);
        return [found, await repo.documentsOf(found.map((b) => b.id))] as const;
      });
      for (const base of bases) {
        this.snapshots.setIfCurrent(token, base.id, {
          id: base.id,
          projectId: base.projectId,
          name: base.name,
          topK: base.topK,
          similarityThreshold: base.similarityThreshold,
          documents: documents
            .filter((d) => d.knowledgeBaseId === base.id)
            .map((d) => ({ id: d.id, title: d.title, content: d.content })),
        });
      }
    }
    return ids.flatMap((id) => {
      const snapshot = this.snapshots.get(id);
      if (!snapshot || snapshot.projectId !== projectId) return [];
      const { projectId: _project, ...base } = snapshot;
      return [{ ...base, mode: "tool" as const }];
    });
  }

  async createBase(
    ctx: AuthContext,
    input: KnowledgeBaseInput,
    projectId?: string | null,
  ): Promise<KnowledgeBaseEntity> {
    const scope = await this.auth.authorize(ctx, "editor", projectId);
    const problems = checkBase(input);
    if (problems.length > 0) throw Invalid.of(problems);
    const base = Object.assign(new KnowledgeBaseEntity(), {
      id: randomUUID(),
      projectId: scope.projectId,
      name: input.name.trim(),
      description: input.description ?? "",
      topK: input.topK ?? 3,
      similarityThreshold: input.similarityThreshold ?? 0,
      createdAt: new Date(),
    });
    return this.db.write(async (tx) => {
      await new KnowledgeRepository(tx.manager).insertBase(base);
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "knowledge_base",
        resourceId: base.id,
        action: "create",
        actor: scope.actor,
        data: { name: base.name },
      });
      return base;
    });
  }

  async addDocument(
    ctx: AuthContext,
    knowledgeBaseId: string,
    title: string,
    content: string,
  ): Promise<KnowledgeDocumentEntity> {
    const scope = await this.auth.authorize(ctx, "editor");
    const problems: Problem[] = [];
    if (title.trim().length < 1 || title.length > DOCUMENT_TITLE_LENGTH)
      problems.push({ path: "title", message: `title must have 1 to ${DOCUMENT_TITLE_LENGTH} characters.` });
    if (content.length < 1 || content.length > 1_000_000) {
      problems.push({
        path: "content",
        message: `content must have 1 to 1,000,000 characters; it has ${content.length}.`,
      });
    }
    if (problems.length > 0) throw Invalid.of(problems);
    return this.db.write(async (tx) => {
      const repo = new KnowledgeRepository(tx.manager);
      if (!(await repo.findBase(scope.projectId, knowledgeBaseId))) throw new NotFound("The knowledge base");
      const document = Object.assign(new KnowledgeDocumentEntity(), {
        id: randomUUID(),
        knowledgeBaseId,
        title: title.trim(),
        content,
        createdAt: new Date(),
      });
      await repo.insertDocument(document);
      tx.afterCommit(() => this.snapshots.invalidate(knowledgeBaseId));
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "knowledge_base",
        resourceId: knowledgeBaseId,
        action: "add_document",
        actor: scope.actor,
        data: { document_id: document.id, title: document.title },
      });
      return document;
    });
  }

  /** Removes a document; calls that start from now on no longer read it (RT-8). Answers the document's id. */
  async deleteDocument(ctx: AuthContext, documentId: string): Promise<string> {
    const scope = await this.auth.authorize(ctx, "editor");
    return this.db.write(async (tx) => {
      const repo = new KnowledgeRepository(tx.manager);
      const document = await repo.findDocument(scope.projectId, documentId);
      // The DELETE decides, not the read before it: another request may have deleted it meanwhile (PostgreSQL).
      if (!document || !(await repo.deleteDocument(document.id))) throw new NotFound("The knowledge document");
      tx.afterCommit(() => this.snapshots.invalidate(document.knowledgeBaseId));
      await this.audit.record(tx, {
        projectId: scope.projectId,
        resourceType: "knowledge_base",
        resourceId: document.knowledgeBaseId,
        action: "delete_document",
        actor: scope.actor,
        data: { document_id: document.id, title: document.title },
      });
      return document.id;
    });
  }

  async list(ctx: AuthContext, projectId?: string | null): Promise<KnowledgeBaseEntity[]> {
    const scope = await this.auth.authorize(ctx, "viewer", projectId);
    return this.db.read((m) => new KnowledgeRepository(m).listBases(scope.projectId));
  }

  async get(ctx: AuthContext, id: string): Promise<KnowledgeBaseEntity> {
    const scope = await this.auth.authorize(ctx, "viewer");
    const base = await this.db.read((m) => new KnowledgeRepository(m).findBase(scope.projectId, id));
    if (!base) throw new NotFound("The knowledge base");
    return base;
  }

  /** The ids among `ids` that are knowledge bases of the project (SK-4). */
  async existingIds(projectId: string, ids: readonly string[]): Promise<Set<string>> {
    const bases = await this.db.read((m) => new KnowledgeRepository(m).findBases(projectId, ids));
    return new Set(bases.map((b) => b.id));
  }

  findBases(projectId: string, ids: readonly string[]): Promise<KnowledgeBaseEntity[]> {
    return this.db.read((m) => new KnowledgeRepository(m).findBases(projectId, ids));
  }

  documentsOf(baseIds: readonly string[]): Promise<KnowledgeDocumentEntity[]> {
    return this.db.read((m) => new KnowledgeRepository(m).documentsOf(baseIds));
  }
}
