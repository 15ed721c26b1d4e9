// GW-11: published skills over MCP (SEP-2640). The composition root wires these; nothing else imports them.
export { McpSkillsEndpoint, MCP_SKILLS_TOPIC, type McpHttpRequest } from "./mcp-skills.endpoint";
export { ATTESTATION_META_KEY, McpSkillsService, type AttestationOf } from "./mcp-skills.service";
