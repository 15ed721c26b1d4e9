import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { startReceiver } from "./receiver";

/** A real MCP server (the official SDK, Streamable HTTP, stateless) on a local receiver. */

export interface McpFixture {
  url: string;
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** Lists the named tools; calling one answers `{ server: label, tool, arguments }` as structured content. */
export async function mcpServer(label: string, toolNames: readonly string[]): Promise<McpFixture> {
  const calls: McpFixture["calls"] = [];
  const mcpFor = () => {
    const server = new Server({ name: label, version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: toolNames.map((name) => ({
        name,
        description: `The ${name} tool of ${label}.`,
        inputSchema: { type: "object" as const, properties: {} },
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      calls.push({ name: request.params.name, arguments: args });
      const structured = { server: label, tool: request.params.name, arguments: args };
      return { content: [{ type: "text" as const, text: JSON.stringify(structured) }], structuredContent: structured };
    });
    return server;
  };
  const receiver = await startReceiver({
    handle: (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        void (async () => {
          if (req.method !== "POST") {
            res.writeHead(405).end();
            return;
          }
          const server = mcpFor();
          const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
          res.on("close", () => {
            void transport.close();
            void server.close();
          });
          await server.connect(transport);
          await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString("utf8")));
        })().catch(() => {
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
    },
  });
  return { url: `${receiver.url}/mcp`, calls, close: receiver.close };
}
