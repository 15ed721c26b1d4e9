import type { SecretBox } from "../../platform/crypto";
import { sealTools, type CheckedTool, type StoredTool } from "../skills";
import type { CheckedMcpServer, CheckedModel } from "./agent-config";
import type { AgentVersionEntity, StoredMcpServer, StoredModel } from "./agent-version.entity";

const toolBinding = (versionId: string, tool: string) => `agent_version:${versionId}:tool:${tool}`;
const apiKeyBinding = (versionId: string) => `agent_version:${versionId}:model:api_key`;
const headerBinding = (versionId: string, server: string, header: string) =>
  `agent_version:${versionId}:mcp:${server}:header:${header}`;

/**
 * Seals an agent version's write-only values (tool secrets, the model's key, MCP header values), each bound to
 * the version id and its place (SEC-10), as skills seal their tool secrets. A value left out or sent back as
 * "***" keeps what the agent's previous version had in the same place.
 */
export class AgentSecrets {
  constructor(private readonly box: SecretBox) {}

  tools(versionId: string, tools: readonly CheckedTool[], previous: AgentVersionEntity | null): StoredTool[] {
    return sealTools(this.box, toolBinding, versionId, tools, previous);
  }

  model(versionId: string, model: CheckedModel | null, previous: AgentVersionEntity | null): StoredModel | null {
    if (!model) return null;
    const old = previous?.model?.sealedApiKey;
    const sealedApiKey = this.box.carry(
      model.apiKey,
      apiKeyBinding(versionId),
      old && previous ? { sealed: old, boundTo: apiKeyBinding(previous.id) } : null,
    );
    return { baseUrl: model.baseUrl, model: model.model, sealedApiKey };
  }

  mcpServers(
    versionId: string,
    servers: readonly CheckedMcpServer[],
    previous: AgentVersionEntity | null,
  ): StoredMcpServer[] {
    return servers.map((server) => {
      const old = previous?.mcpServers.find((s) => s.name === server.name);
      const sealedHeaders: Record<string, string> = {};
      for (const [header, value] of Object.entries(server.headers)) {
        const oldSealed = old?.sealedHeaders[header];
        const sealed = this.box.carry(
          value,
          headerBinding(versionId, server.name, header),
          oldSealed && previous
            ? { sealed: oldSealed, boundTo: headerBinding(previous.id, server.name, header) }
            : null,
        );
        if (sealed !== null) sealedHeaders[header] = sealed;
      }
      return { name: server.name, url: server.url, sealedHeaders };
    });
  }

  /** The plaintext values, for the runtime that calls tools, the model and MCP servers. */
  openToolSecret(version: Pick<AgentVersionEntity, "id" | "tools">, toolName: string): string | null {
    const tool = version.tools.find((t) => t.name === toolName);
    return tool?.sealedSecret ? this.box.open(tool.sealedSecret, toolBinding(version.id, toolName)) : null;
  }

  openModelApiKey(version: Pick<AgentVersionEntity, "id" | "model">): string | null {
    const sealed = version.model?.sealedApiKey;
    return sealed ? this.box.open(sealed, apiKeyBinding(version.id)) : null;
  }

  openMcpHeaders(version: Pick<AgentVersionEntity, "id" | "mcpServers">, serverName: string): Record<string, string> {
    const server = version.mcpServers.find((s) => s.name === serverName);
    if (!server) return {};
    return Object.fromEntries(
      Object.entries(server.sealedHeaders).map(([h, sealed]) => [
        h,
        this.box.open(sealed, headerBinding(version.id, serverName, h)),
      ]),
    );
  }
}
