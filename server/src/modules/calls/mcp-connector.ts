import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { pinnedFetch, type PinnedFetch } from "../../platform/outbound/pinned-fetch";
import { TOOL_ANSWER_MAX_BYTES } from "./tool-answer";

/** Room for a tool answer at its limit in JSON-RPC (escaping can double it) and the messages around it. */
const MCP_STREAM_MAX_BYTES = 4 * TOOL_ANSWER_MAX_BYTES;
import type { TraceSpan } from "../../platform/telemetry";
import type { McpTool } from "../runtime";

export interface McpServerAccess {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/**
 * Talks to an agent's MCP servers (Streamable HTTP) with the official SDK client. Every request of the transport
 * follows SEC-13 through a pinned fetch: checked, dialled at the checked address only, no redirect followed.
 */
export class McpConnector {
  private readonly fetch: PinnedFetch;

  constructor(
    allowList: readonly string[],
    private readonly timeoutMs: number,
  ) {
    // An MCP answer (an event stream over its whole life) is cut while it is read past a bound of its own:
    // answers up to it reach the tool answer check, which refuses one over TOOL_ANSWER_MAX_BYTES naming the limit.
    this.fetch = pinnedFetch({ allowList, maxBodyBytes: MCP_STREAM_MAX_BYTES });
  }

  /** `trace`: the span whose traceparent every request of the session carries (OB-1). */
  private async connect(server: McpServerAccess, trace?: TraceSpan): Promise<Client> {
    let url: URL;
    try {
      url = new URL(server.url);
    } catch {
      throw new Error(`'${server.url}' is not an absolute URL.`);
    }
    const client = new Client({ name: "skillgraph", version: "0.1.0" });
    const headers = { ...server.headers };
    trace?.inject(headers);
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers, redirect: "manual" },
      fetch: this.fetch,
    });
    await client.connect(transport, { timeout: this.timeoutMs });
    return client;
  }

  /** The tools of every server, listed once when a call starts; a server that fails is a warning, not a failed call. */
  async listTools(servers: readonly McpServerAccess[]): Promise<{ tools: McpTool[]; warnings: string[] }> {
    const results = await Promise.all(
      servers.map(async (server) => {
        try {
          const client = await this.connect(server);
          try {
            const listed = await client.listTools(undefined, { timeout: this.timeoutMs });
            return {
              tools: listed.tools.map((t) => ({
                server: server.name,
                name: t.name,
                description: t.description ?? "",
                parameters: t.inputSchema as Record<string, unknown>,
              })),
              warnings: [],
            };
          } finally {
            await client.close().catch(() => undefined);
          }
        } catch (error) {
          return { tools: [], warnings: [`mcp server '${server.name}' skipped: ${(error as Error).message}`] };
        }
      }),
    );
    return { tools: results.flatMap((r) => r.tools), warnings: results.flatMap((r) => r.warnings) };
  }

  /** Calls one tool; the result is the tool's structured content, or its content blocks. */
  async callTool(
    server: McpServerAccess,
    name: string,
    args: Record<string, unknown>,
    trace?: TraceSpan,
  ): Promise<{ result: unknown; isError: boolean }> {
    const client = await this.connect(server, trace);
    try {
      const result = await client.callTool({ name, arguments: args }, undefined, { timeout: this.timeoutMs });
      return { result: result.structuredContent ?? result.content, isError: Boolean(result.isError) };
    } finally {
      await client.close().catch(() => undefined);
    }
  }
}
