// What other modules may use of agents.
export { AgentService } from "./agent.service";
export { AgentPublishedChanged } from "./agent.events";
export { AgentSecrets } from "./agent-secrets";
export { AgentVersionEntity } from "./agent-version.entity";
export { AgentSkillEntryEntity } from "./agent-skill-entry.entity";
export { AgentCallDirectory } from "./agent-directory";
export type { AgentDirectory, CallAgent } from "./call-agent";
export { AgentEntity } from "./agent.entity";
export { AgentInput } from "./agent.inputs";
export { AgentResolver, AgentVersionAuthorResolver } from "./agent.resolver";
export { AgentVersionType } from "./agent.types";
export { AGENT_SKILL_ENTRIES_BY_VERSION, registerAgentLoaders } from "./agent.loaders";
export { AgentDigests, agentVersionDigest, type DigestedAgent } from "./agent-digest";
export { AgentVersionDigestResolver } from "./agent-digest.resolver";
