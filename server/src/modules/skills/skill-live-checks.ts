import { Conflict, Invalid } from "../../platform/errors";
import { parseSkillMd } from "./skill-md";
import { normaliseSkillName } from "./skill-name";
import type { SkillVersionEntity } from "./skill-version.entity";

/*
 * What a publish or a rollback refuses, in one place: the mutations and the impact preview (UX-3) throw the same
 * code, message and details.
 */

/**
 * PV-3: a revoked version never goes live again — publish, rollback, a rollout's start or completion, the Skills
 * API's default version all pass here (and the database's check refuses it besides).
 */
export function refuseRevoked(target: Pick<SkillVersionEntity, "revokedAt" | "version" | "name">): void {
  if (target.revokedAt) {
    throw new Conflict(`Version ${target.version} of '${target.name}' was revoked; it can never be served again.`, {
      reason: "revoked",
    });
  }
}

/** SV-3: only a draft whose SKILL.md passes the publish checks may go live. */
export function refusePublish(target: SkillVersionEntity): void {
  refuseRevoked(target);
  if (target.state !== "draft") {
    throw new Conflict(
      target.state === "published"
        ? `Version ${target.version} of '${target.name}' is already live.`
        : `Version ${target.version} of '${target.name}' is archived; roll back to it (rollbackSkill) to make it live again.`,
      { state: target.state },
    );
  }
  const publishProblems = parseSkillMd(target.skillMd).publishProblems;
  if (publishProblems.length > 0) {
    throw Invalid.of(
      publishProblems,
      `Version ${target.version} of '${target.name}' cannot be published: ${publishProblems.map((p) => p.message).join(" ")}`,
    );
  }
}

/** SV-4: a rollback goes to an archived version of the same skill. */
export function refuseRollback(rawName: string, toVersionId: string, target: SkillVersionEntity): void {
  const name = normaliseSkillName(rawName);
  refuseRevoked(target);
  if (target.name !== name) {
    throw Invalid.field("to_version_id", `Version ${toVersionId} is not a version of '${name}'.`, {
      skill: name,
      version_id: toVersionId,
    });
  }
  if (target.state === "draft") {
    throw Invalid.field(
      "to_version_id",
      `Version ${target.version} of '${name}' is a draft: publish it instead of rolling back to it.`,
      { skill: name, version_id: toVersionId },
    );
  }
  if (target.state === "published")
    throw new Conflict(`Version ${target.version} of '${name}' is already live.`, { state: "published" });
}
