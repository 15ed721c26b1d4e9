import { InvalidatedCache } from "../../platform/cache/invalidated-cache";
import { EVERY_KEY, type InvalidationBus } from "../../platform/cache/invalidation-bus";
import { constantTimeEqualHex, sha256Hex } from "../../platform/crypto";
import { Forbidden, NotFound, Unauthenticated } from "../../platform/errors";
import type { Principal, RequestContext, Role } from "../../platform/graphql/context";
import type { Authentication } from "../../platform/http/request-context";
import { apiKeyLookup, bearerCredential } from "./credentials";

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

/** What a service may touch: one project, as one actor with one role. Built only by AuthService.authorize. */
export interface ProjectScope {
  readonly projectId: string;
  readonly actor: string;
  readonly role: Role;
  readonly principal: Principal;
  /** The request acting (logged beside what its change's listeners report). */
  readonly requestId: string;
}

export interface AuthContext extends RequestContext {
  readonly credentialFailure?: string;
}

/**
 * Published after a change to who may do what (a key revoked, a project deleted or purged, a library linked):
 * every instance drops what it cached about credentials and projects.
 */
export const TENANCY_TOPIC = "tenancy";
const KEY_CACHE_TTL_MS = 60_000;

/** A stored API key as authentication needs it. */
export interface StoredCredential {
  keyId: string;
  projectId: string;
  role: Role;
  keyHash: string;
  revoked: boolean;
  projectDeleted: boolean;
}

/**
 * What authorisation reads, provided by the modules that own keys and projects (wired by the composition root):
 * authorisation is the bottom layer, so it imports neither.
 */
export interface CredentialStore {
  /** The key with this lookup part, one query. */
  findKey(lookup: string): Promise<StoredCredential | null>;
  /** Whether the project exists and is not deleted. */
  projectIsLive(projectId: string): Promise<boolean>;
}

export class AuthService {
  /** Valid keys by hash: the hot path (every call start) authenticates without a query. */
  private readonly keys: InvalidatedCache<string, Principal>;

  constructor(
    private readonly store: CredentialStore,
    private readonly platformTokenHash: string,
    bus: InvalidationBus,
  ) {
    this.keys = new InvalidatedCache(bus, TENANCY_TOPIC, 10_000, { ttlMs: KEY_CACHE_TTL_MS });
  }

  /** Call after a transaction that revoked a key, deleted or purged a project, or changed a library link committed. */
  tenancyChanged(): Promise<void> {
    return this.keys.invalidate(EVERY_KEY);
  }

  /** Turns an Authorization header into a principal; a bad credential is a failure, never an exception. */
  async authenticate(header: string | undefined): Promise<Authentication> {
    const bearer = bearerCredential(header);
    if (bearer === null) return { principal: null };
    if ("malformed" in bearer) {
      return { principal: null, failure: "The Authorization header must be 'Bearer <credential>'." };
    }
    const hash = sha256Hex(bearer.credential);
    if (constantTimeEqualHex(hash, this.platformTokenHash)) return { principal: { kind: "platform" } };
    const cached = this.keys.get(hash);
    if (cached) return { principal: cached };
    const token = this.keys.readToken();
    const lookup = apiKeyLookup(bearer.credential);
    const found = lookup ? await this.store.findKey(lookup) : null;
    if (!found || !constantTimeEqualHex(hash, found.keyHash) || found.revoked || found.projectDeleted) {
      return {
        principal: null,
        failure: "The credential is not valid: it is unknown, revoked or its project is deleted.",
      };
    }
    const principal: Principal = { kind: "key", keyId: found.keyId, projectId: found.projectId, role: found.role };
    this.keys.setIfCurrent(token, hash, principal);
    return { principal };
  }

  /** The principal of a request, or UNAUTHENTICATED (SEC-7). */
  principal(ctx: AuthContext): Principal {
    if (ctx.principal) return ctx.principal;
    throw new Unauthenticated(ctx.credentialFailure);
  }

  /** Whether a project exists and is not deleted (what a request naming it by id may reach). */
  projectIsLive(projectId: string): Promise<boolean> {
    return this.store.projectIsLive(projectId);
  }

  requirePlatform(ctx: AuthContext): void {
    const principal = this.principal(ctx);
    if (principal.kind !== "platform") {
      throw new Unauthenticated("This operation needs the platform credential; project API keys cannot perform it.");
    }
  }

  /**
   * The one place a request is scoped to a project (PJ-1). A key acts on its own project; naming another
   * project reads exactly as a project that does not exist. The platform credential acts as an admin on the
   * project it names.
   */
  async authorize(ctx: AuthContext, required: Role, projectId?: string | null): Promise<ProjectScope> {
    const principal = this.principal(ctx);
    if (principal.kind === "key") {
      if (projectId && projectId !== principal.projectId) throw new NotFound("The project");
      if (RANK[principal.role] < RANK[required]) {
        throw new Forbidden(`This operation needs the ${required} role; this key has the ${principal.role} role.`, {
          required_role: required,
        });
      }
      return {
        projectId: principal.projectId,
        actor: principal.keyId,
        role: principal.role,
        principal,
        requestId: ctx.requestId,
      };
    }
    if (!projectId) {
      throw new Forbidden("The platform credential must name the project (projectId); or use a project API key.", {
        field: "project_id",
      });
    }
    if (!(await this.store.projectIsLive(projectId))) throw new NotFound("The project");
    return { projectId, actor: "platform", role: "admin", principal, requestId: ctx.requestId };
  }
}
