import {
  batchPerProject,
  LoaderKey,
  projectKeyString,
  type LoaderRegistry,
  type ProjectKey,
} from "../../platform/graphql/context";
import type { SkillVersionEntity } from "../skills";
import type { KnowledgeBaseUsers, SkillUsage, UsageService } from "./usage.service";

/** The version a usage row resolves to, by (the skill's project, version id). */
export const USAGE_RESOLVED_VERSION = new LoaderKey<ProjectKey, SkillVersionEntity | null>(
  "usageResolvedVersion",
  projectKeyString,
);
/** Who uses a skill, by (project, skill name): one usage statement per project for a whole list of versions. */
export const SKILL_USAGE_BY_NAME = new LoaderKey<ProjectKey, SkillUsage[]>("skillUsageByName", projectKeyString);

/** Who names a knowledge base, by (project, base id): two statements per project for a whole list of bases. */
export const KNOWLEDGE_BASE_USERS = new LoaderKey<ProjectKey, KnowledgeBaseUsers>(
  "knowledgeBaseUsers",
  projectKeyString,
);

export function registerUsageLoaders(registry: LoaderRegistry, usage: UsageService): void {
  registry.register(USAGE_RESOLVED_VERSION, (keys) =>
    batchPerProject(
      keys,
      async (projectId, ids) => new Map((await usage.resolvedVersions(projectId, ids)).map((v) => [v.id, v])),
      null,
    ),
  );
  registry.register(SKILL_USAGE_BY_NAME, (keys, ctx) =>
    batchPerProject(keys, (projectId, names) => usage.usageOfSkills(ctx, projectId, names), []),
  );
  registry.register(KNOWLEDGE_BASE_USERS, (keys, ctx) =>
    batchPerProject(keys, (projectId, ids) => usage.knowledgeBaseUsers(ctx, projectId, ids), {
      skillVersions: [],
      agentVersions: [],
    }),
  );
}
