import type { Database, Tx } from "../../platform/db/database";
import { pageWindow, type Page } from "../../platform/graphql/page";
import type { AuthContext, AuthService } from "../auth";
import type { AuditEntryEntity } from "./audit-entry.entity";
import { AuditRepository, type AuditFilter } from "./audit.repository";

export type AuditResource = "skill" | "agent" | "api_key" | "project" | "webhook" | "knowledge_base" | "eval_scenario";

export interface AuditRecord {
  projectId: string;
  resourceType: AuditResource;
  resourceId: string;
  action: string;
  actor: string;
  data?: Record<string, unknown> | null;
}

/** AD-1: writes entries inside the caller's transaction, so an audit entry exists exactly when the change does. */
export class AuditService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
  ) {}

  async record(tx: Tx, ...records: AuditRecord[]): Promise<void> {
    const at = new Date();
    await new AuditRepository(tx.manager).append(records.map((r) => ({ ...r, data: r.data ?? null, at })));
  }

  /** PJ-3: a purged project's entries go with it. */
  async purgeProject(tx: Tx, projectId: string): Promise<void> {
    await new AuditRepository(tx.manager).deleteProject(projectId);
  }

  async list(
    ctx: AuthContext,
    filter: Omit<AuditFilter, "projectId"> & { projectId?: string | null },
    page: number,
    limit: number,
  ): Promise<Page<AuditEntryEntity>> {
    const scope = await this.auth.authorize(ctx, "admin", filter.projectId);
    const window = pageWindow(page, limit);
    const [items, total] = await this.db.read((m) =>
      new AuditRepository(m).page({ ...filter, projectId: scope.projectId }, window),
    );
    return { items, total, page: window.page, limit: window.limit };
  }
}
