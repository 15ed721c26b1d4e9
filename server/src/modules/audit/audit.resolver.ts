import { Arg, Ctx, ID, Int, Query, Resolver } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import type { AuthContext } from "../auth";
import type { AuditService } from "./audit.service";
import { AuditEntryPage, type AuditEntryRoot } from "./audit.types";

@Resolver()
export class AuditResolver {
  constructor(private readonly audit: AuditService) {}

  @Query(() => AuditEntryPage, { description: "The project's audit log, newest first (admin)." })
  async auditLog(
    @Ctx() ctx: AuthContext,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Arg("resourceType", () => String, { nullable: true }) resourceType: string | null,
    @Arg("resourceId", () => String, { nullable: true }) resourceId: string | null,
    @Arg("action", () => String, { nullable: true }) action: string | null,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<Page<AuditEntryRoot>> {
    const result = await this.audit.list(ctx, { resourceType, resourceId, action, projectId }, page, limit);
    return { ...result, items: result.items.map((e) => ({ ...e, id: String(e.id) })) };
  }
}
