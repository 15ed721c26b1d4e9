import { In } from "typeorm";
import { BaseRepository } from "../../platform/db/repository";
import { PublishPolicyEntity, VersionApprovalEntity, type ApprovalKind } from "./approval.entity";

const versionColumn = (kind: ApprovalKind) => (kind === "skill" ? "skillVersionId" : "agentVersionId");

/** The only place that builds queries on approvals and publish policies. */
export class ApprovalRepository extends BaseRepository {
  private get approvals() {
    return this.m.getRepository(VersionApprovalEntity);
  }

  private get policies() {
    return this.m.getRepository(PublishPolicyEntity);
  }

  policiesOf(projectIds: readonly string[]): Promise<PublishPolicyEntity[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.policies.findBy({ projectId: In([...projectIds]) });
  }

  policy(projectId: string): Promise<PublishPolicyEntity | null> {
    return this.policies.findOneBy({ projectId });
  }

  async savePolicy(policy: PublishPolicyEntity): Promise<void> {
    await this.policies.upsert(policy, ["projectId"]);
  }

  /** How many approvals the version holds of this digest (AP-1: the current ones). */
  countOf(kind: ApprovalKind, versionId: string, digest: string): Promise<number> {
    return this.approvals.countBy({ [versionColumn(kind)]: versionId, digest });
  }

  findOne(kind: ApprovalKind, versionId: string, approvedBy: string, digest: string) {
    return this.approvals.findOneBy({ [versionColumn(kind)]: versionId, approvedBy, digest });
  }

  findById(projectId: string, id: string): Promise<VersionApprovalEntity | null> {
    return this.approvals.findOneBy({ projectId, id });
  }

  async insert(approval: VersionApprovalEntity): Promise<void> {
    await this.insertRows(VersionApprovalEntity, [approval]);
  }

  async delete(id: string): Promise<void> {
    await this.approvals.delete({ id });
  }

  /** Every approval of the versions (skill or agent ids alike), oldest first: one statement. */
  ofVersions(versionIds: readonly string[]): Promise<VersionApprovalEntity[]> {
    if (versionIds.length === 0) return Promise.resolve([]);
    const ids = [...versionIds];
    return this.approvals.find({
      where: [{ skillVersionId: In(ids) }, { agentVersionId: In(ids) }],
      order: { createdAt: "ASC", id: "ASC" },
    });
  }
}
