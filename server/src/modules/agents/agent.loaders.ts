import { groupedBy, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
import type { AgentService } from "./agent.service";

export const AGENT_SKILL_ENTRIES_BY_VERSION = new LoaderKey<string, AgentSkillEntryEntity[]>(
  "agentSkillEntriesByVersion",
);

export function registerAgentLoaders(registry: LoaderRegistry, agents: AgentService): void {
  registry.register(AGENT_SKILL_ENTRIES_BY_VERSION, async (ids) =>
    groupedBy(await agents.entriesOf(ids), "agentVersionId", ids),
  );
}
