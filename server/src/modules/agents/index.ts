// What other modules may use of agents.
export { AgentService } from "./agent.service";
export { AgentSecrets } from "./agent-secrets";
export type { AgentVersionEntity } from "./agent-version.entity";
export type { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
export { AgentCallDirectory } from "./agent-directory";
