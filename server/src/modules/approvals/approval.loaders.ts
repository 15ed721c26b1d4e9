import { groupedBy, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { VersionApprovalEntity } from "./approval.entity";
import { approvedVersionId } from "./approval.presenters";
import type { ApprovalService, PublishPolicy } from "./approval.service";

export const PUBLISH_POLICY_BY_PROJECT = new LoaderKey<string, PublishPolicy>("publishPolicyByProject");
/** Skill and agent version ids alike (UUIDs: an id is one version). */
export const APPROVALS_BY_VERSION = new LoaderKey<string, VersionApprovalEntity[]>("approvalsByVersion");

export function registerApprovalLoaders(registry: LoaderRegistry, approvals: ApprovalService): void {
  registry.register(PUBLISH_POLICY_BY_PROJECT, (ids) => approvals.policiesOf(ids));
  registry.register(APPROVALS_BY_VERSION, async (ids) => {
    const rows = (await approvals.ofVersions(ids)).map((a) => Object.assign(a, { versionId: approvedVersionId(a) }));
    return groupedBy(rows, "versionId", ids);
  });
}
