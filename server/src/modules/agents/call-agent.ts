import type { AgentSnapshot } from "../runtime";

/** An agent as a call runs it: the runtime's snapshot plus what only the service may see. */
export interface CallAgent {
  snapshot: AgentSnapshot;
  /** The stored agent version; null for an inline agent. */
  versionId: string | null;
  /** MCP servers with their header values in clear (never stored on the call, never returned). */
  mcpServers: Array<{ name: string; url: string; headers: Record<string, string> }>;
  /** Inline agents only: their tools' secrets in clear, by tool name (sealed onto the call). */
  toolSecrets: Record<string, string>;
  /**
   * The agent's OpenAI-compatible model endpoint with its API key in clear (chat sessions, evals, gateway); null when
   * its config names none (the process default answers).
   */
  model: { baseUrl: string; model: string; apiKey: string | null } | null;
}

/** Agents as calls run them: what the calls module reads of agents. */
export interface AgentDirectory {
  /** The agent's published version, or null when it has none or is not the project's. */
  published(projectId: string, agentId: string): Promise<CallAgent | null>;
  /**
   * CT-2: live agents whose published versions list at least `minEntries` skills, the most first (at most `limit`),
   * every project's: the boot builds their catalogs' indexes.
   */
  mostSkilledPublished(minEntries: number, limit: number): Promise<Array<{ projectId: string; agentId: string }>>;
  /** An inline agent (call-init): its config checked for shape only; skill problems become warnings at resolution. */
  inline(projectId: string, input: unknown): Promise<CallAgent>;
  /** A stored agent version's tool secret in clear, for signing its webhook (RT-7). */
  toolSecret(agentVersionId: string, tool: string): Promise<string | null>;
  /** A stored agent version's MCP server with its header values in clear. */
  mcpServer(
    agentVersionId: string,
    server: string,
  ): Promise<{ name: string; url: string; headers: Record<string, string> } | null>;
}
