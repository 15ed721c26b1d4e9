import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from "type-graphql";
import { AgentVersionType, type AgentDigests, type AgentVersionEntity } from "../agents";
import { authorName } from "../api-keys";
import type { AuthContext } from "../auth";
import { ProjectType, type ProjectEntity } from "../projects";
import { FindingSeverity } from "../review";
import { SkillVersionType, type SkillDigests, type SkillVersionEntity } from "../skills";
import { approvalView } from "./approval.presenters";
import { APPROVALS_BY_VERSION, PUBLISH_POLICY_BY_PROJECT } from "./approval.loaders";
import type { ApprovalService } from "./approval.service";
import { ApprovalType, PublishPolicyType } from "./approval.types";

const REFUSAL =
  "Why this credential may not approve the version now (a viewer, its author without self-approval, not a draft); null when it may.";
const APPROVALS =
  "AP-2, AP-3: every approval of this version, oldest first; `current` false for those of an earlier digest (an edit outdated them).";

/** AP-1..AP-3 over GraphQL: the policy, approving and withdrawing. */
@Resolver(() => ApprovalType)
export class ApprovalResolver {
  constructor(private readonly approvals: ApprovalService) {}

  @Mutation(() => PublishPolicyType, { description: "AP-1 (admin): the project's publish policy." })
  setPublishPolicy(
    @Ctx() ctx: AuthContext,
    @Arg("requiredApprovals", () => Int) requiredApprovals: number,
    @Arg("allowSelfApproval", () => Boolean, { defaultValue: false }) allowSelfApproval: boolean,
    @Arg("blockSeverity", () => FindingSeverity, { nullable: true, defaultValue: FindingSeverity.HIGH })
    blockSeverity: FindingSeverity | null,
    @Arg("projectId", () => ID, { nullable: true }) projectId: string | null,
  ): Promise<PublishPolicyType> {
    return this.approvals.setPolicy(
      ctx,
      { requiredApprovals, allowSelfApproval, blockSeverity },
      projectId,
    ) as Promise<PublishPolicyType>;
  }

  @Mutation(() => ApprovalType, {
    description:
      "AP-2 (editor): approves the digest of a skill or agent version you reviewed. A digest that is no longer the version's is CONFLICT (digest_changed); your own version is FORBIDDEN (self_approval) unless the policy allows it.",
  })
  async approveVersion(
    @Ctx() ctx: AuthContext,
    @Arg("versionId", () => ID) versionId: string,
    @Arg("digest", () => String) digest: string,
  ): Promise<ApprovalType> {
    const { approval, version } = await this.approvals.approve(ctx, versionId, digest);
    return approvalView(approval, version.digest);
  }

  @Mutation(() => ID, { description: "AP-2 (editor): withdraws an approval; another key's needs an admin." })
  withdrawApproval(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<string> {
    return this.approvals.withdraw(ctx, id);
  }

  @FieldResolver(() => Boolean, {
    description: "Whether this credential may withdraw it: the key that gave it, or an admin.",
  })
  mayWithdraw(@Root() approval: ApprovalType, @Ctx() ctx: AuthContext): Promise<boolean> {
    return this.approvals.mayWithdraw(ctx, approval.approvedBy);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The name of the API key that approved; null for the platform credential or an unnamed key.",
  })
  approvedByName(@Root() approval: ApprovalType, @Ctx() ctx: AuthContext): Promise<string | null> {
    return authorName(ctx, approval.projectId, approval.approvedBy);
  }
}

@Resolver(() => ProjectType)
export class ProjectPublishPolicyResolver {
  @FieldResolver(() => PublishPolicyType, { description: "AP-1: the project's publish policy." })
  publishPolicy(@Root() project: ProjectEntity, @Ctx() ctx: AuthContext): Promise<PublishPolicyType> {
    return ctx.loaders.of(PUBLISH_POLICY_BY_PROJECT).load(project.id) as Promise<PublishPolicyType>;
  }
}

@Resolver(() => SkillVersionType)
export class SkillVersionApprovalsResolver {
  constructor(
    private readonly digests: SkillDigests,
    private readonly service: ApprovalService,
  ) {}

  @FieldResolver(() => String, { nullable: true, description: REFUSAL })
  async approvalRefusal(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    const authors = [version.createdBy, ...(version.updatedBy ? [version.updatedBy] : [])];
    const policy = await ctx.loaders.of(PUBLISH_POLICY_BY_PROJECT).load(version.projectId);
    return this.service.refusalFor(ctx, { state: version.state, authors }, policy);
  }

  @FieldResolver(() => [ApprovalType], { description: APPROVALS })
  async approvals(@Root() version: SkillVersionEntity, @Ctx() ctx: AuthContext): Promise<ApprovalType[]> {
    const [rows, digest] = await Promise.all([
      ctx.loaders.of(APPROVALS_BY_VERSION).load(version.id),
      this.digests.inRequest(ctx, version),
    ]);
    return rows.map((a) => approvalView(a, digest));
  }
}

@Resolver(() => AgentVersionType)
export class AgentVersionApprovalsResolver {
  constructor(
    private readonly digests: AgentDigests,
    private readonly service: ApprovalService,
  ) {}

  @FieldResolver(() => String, { nullable: true, description: REFUSAL })
  async approvalRefusal(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<string | null> {
    const policy = await ctx.loaders.of(PUBLISH_POLICY_BY_PROJECT).load(version.projectId);
    return this.service.refusalFor(ctx, { state: version.state, authors: [version.createdBy] }, policy);
  }

  @FieldResolver(() => [ApprovalType], { description: APPROVALS })
  async approvals(@Root() version: AgentVersionEntity, @Ctx() ctx: AuthContext): Promise<ApprovalType[]> {
    const [rows, digest] = await Promise.all([
      ctx.loaders.of(APPROVALS_BY_VERSION).load(version.id),
      this.digests.inRequest(ctx, version),
    ]);
    return rows.map((a) => approvalView(a, digest));
  }
}
