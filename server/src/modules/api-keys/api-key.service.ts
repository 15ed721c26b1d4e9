import { randomUUID } from "node:crypto";
import type { Database, Tx } from "../../platform/db/database";
import { NotFound, Unauthenticated } from "../../platform/errors";
import type { Role } from "../../platform/graphql/context";
import type { AuditService } from "../audit";
import { generateApiKey, type AuthContext, type AuthService, type StoredCredential } from "../auth";
import { ApiKeyEntity } from "./api-key.entity";
import { ApiKeyRepository } from "./api-key.repository";

export interface IssuedApiKey {
  id: string;
  role: Role;
  key: string;
}

export class ApiKeyService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  /** Makes a key inside the caller's transaction; the plaintext leaves only in the return value (PJ-2). */
  async issue(tx: Tx, projectId: string, role: Role, name: string | null, actor: string): Promise<IssuedApiKey> {
    const generated = generateApiKey();
    const entity = Object.assign(new ApiKeyEntity(), {
      id: randomUUID(),
      projectId,
      name,
      role,
      lookup: generated.lookup,
      keyHash: generated.hash,
      createdBy: actor,
      createdAt: new Date(),
      revokedAt: null,
    });
    await new ApiKeyRepository(tx.manager).insert(entity);
    await this.audit.record(tx, {
      projectId,
      resourceType: "api_key",
      resourceId: entity.id,
      action: "create",
      actor,
      data: { role, name },
    });
    return { id: entity.id, role, key: generated.key };
  }

  async create(ctx: AuthContext, role: Role, name: string | null, projectId?: string | null): Promise<IssuedApiKey> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    return this.db.write((tx) => this.issue(tx, scope.projectId, role, name?.trim() || null, scope.actor));
  }

  async revoke(ctx: AuthContext, id: string, projectId?: string | null): Promise<string> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    return this.db.write(async (tx) => {
      const keys = new ApiKeyRepository(tx.manager);
      // The acting key is locked and read with the one it revokes: two admin keys revoking each other at once
      // would otherwise both succeed, each authenticated before the other's revoke committed.
      const actorKeyId = scope.principal.kind === "key" ? scope.principal.keyId : null;
      const locked = await keys.lockInProject(scope.projectId, actorKeyId ? [id, actorKeyId] : [id]);
      if (actorKeyId && locked.find((k) => k.id === actorKeyId)?.revokedAt) {
        throw new Unauthenticated("The credential is not valid: it is unknown, revoked or its project is deleted.");
      }
      const key = locked.find((k) => k.id === id);
      if (!key) throw new NotFound("The API key");
      // Revoking a revoked key answers it again; only the request that revoked it records that (SEC-15).
      if (!key.revokedAt && (await keys.revoke(id, new Date()))) {
        tx.afterCommit(() => this.auth.tenancyChanged());
        await this.audit.record(tx, {
          projectId: scope.projectId,
          resourceType: "api_key",
          resourceId: id,
          action: "revoke",
          actor: scope.actor,
        });
      }
      return id;
    });
  }

  /** For authentication (the auth module's CredentialStore): the key by its lookup part, with its project's state. */
  async findForAuthentication(lookup: string): Promise<StoredCredential | null> {
    const found = await this.db.read((m) => new ApiKeyRepository(m).findByLookup(lookup));
    return found
      ? {
          keyId: found.key.id,
          projectId: found.key.projectId,
          role: found.key.role,
          keyHash: found.key.keyHash,
          revoked: found.key.revokedAt !== null,
          projectDeleted: found.projectDeleted,
        }
      : null;
  }

  /** A project's keys by id (who an audit entry's actor is): the caller was authorised to read the entries. */
  findManyInProject(projectId: string, ids: readonly string[]): Promise<ApiKeyEntity[]> {
    return this.db.read((m) => new ApiKeyRepository(m).findManyInProject(projectId, ids));
  }

  async list(ctx: AuthContext, projectId?: string | null): Promise<ApiKeyEntity[]> {
    const scope = await this.auth.authorize(ctx, "admin", projectId);
    return this.db.read((m) => new ApiKeyRepository(m).listForProject(scope.projectId));
  }
}
