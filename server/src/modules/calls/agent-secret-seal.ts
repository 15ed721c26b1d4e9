import type { SecretBox } from "../../platform/crypto";
import type { CallAgent } from "../agents";
import type { CallSegment } from "./call-state";
import type { McpServerAccess } from "./mcp-connector";

/** Opens one sealed value of its owner by key (`mcp:<server>`, a tool's name…); null when none is sealed. */
export type SecretOpener = (key: string) => string | null;

export interface SealNaming {
  /** The binding of one sealed value: a value sealed for one owner and key opens for that owner and key only. */
  binding(owner: string, key: string): string;
  /** The key of the agent's model API key; null: the owner does not keep it. */
  modelKey: string | null;
  /** The key of an inline agent's tool secret. */
  toolKey(tool: string): string;
}

/**
 * The secrets of an agent that its owner keeps sealed to itself — a call, a chat session, an eval run's agent: an
 * inline agent's tool secrets and MCP header values (`mcp:<server>`), and the model's key where the owner keeps it.
 * Each owner names and binds them its own way (`naming`); stored rows depend on it, so it never changes.
 */
export class AgentSecretSeal {
  constructor(
    private readonly box: SecretBox,
    private readonly naming: SealNaming,
  ) {}

  /** The agent's secrets sealed to `owner`: the model key (when kept), and an inline agent's tool and MCP secrets. */
  seal(owner: string, agent: CallAgent): Record<string, string> {
    const { modelKey, toolKey } = this.naming;
    const entries: Array<[string, string]> = [
      ...(modelKey && agent.model?.apiKey ? [[modelKey, agent.model.apiKey] as [string, string]] : []),
      ...(agent.versionId
        ? []
        : [
            ...Object.entries(agent.toolSecrets).map(([tool, secret]): [string, string] => [toolKey(tool), secret]),
            ...agent.mcpServers.map((s): [string, string] => [`mcp:${s.name}`, JSON.stringify(s.headers)]),
          ]),
    ];
    return Object.fromEntries(entries.map(([key, value]) => [key, this.sealValue(owner, key, value)]));
  }

  sealValue(owner: string, key: string, value: string): string {
    return this.box.seal(value, this.naming.binding(owner, key));
  }

  open(owner: string, sealed: Readonly<Record<string, string>>, key: string): string | null {
    const value = sealed[key];
    return value ? this.box.open(value, this.naming.binding(owner, key)) : null;
  }

  opener(owner: string, sealed: Readonly<Record<string, string>>): SecretOpener {
    return (key) => this.open(owner, sealed, key);
  }
}

/** An inline agent's MCP server as its segment lists it, with the header values its owner sealed (`mcp:<server>`). */
export function inlineMcpServer(segment: CallSegment, server: string, open: SecretOpener): McpServerAccess | null {
  const listed = segment.mcpServers.find((s) => s.name === server);
  if (!listed) return null;
  const headers = open(`mcp:${server}`);
  return { ...listed, headers: headers ? (JSON.parse(headers) as Record<string, string>) : {} };
}
