import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  ErrorCode,
  isInitializeRequest,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { InvalidationBus } from "../../platform/cache/invalidation-bus";
import type { Principal } from "../../platform/graphql/context";
import type { Logger } from "../../platform/logger";
import { ATTESTATION_META_KEY, type McpSkillsService } from "./mcp-skills.service";
import {
  anyParams,
  CACHE_HINTS,
  checked,
  GetSkillRequestSchema,
  ListSkillsRequestSchema,
  SKILLS_EXTENSION,
} from "./skills-protocol";

/** A request to /mcp that the HTTP layer authenticated (none or an unknown key never gets here: 401). */
export interface McpHttpRequest {
  req: IncomingMessage & { headers: { authorization?: string } };
  res: ServerResponse;
  body: unknown;
  principal: Principal;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  projectId: string;
  keyId: string;
  /** The credential that opened it, checked again when credentials change: a revoked key's sessions end. */
  authorization: string;
  /** The project whose skills it serves (its library's when linked), as last read: routes list_changed. */
  sourceProjectId: string | null;
  lastSeen: number;
}

/** Published after a publish, rollback or delete moved a live pointer: every instance tells its open sessions. */
export const MCP_SKILLS_TOPIC = "mcp_skills_live";

export interface McpEndpointLimits {
  maxSessions: number;
  idleMs: number;
}

const SERVER_INFO = { name: "skillgraph", version: "0.1.0" };

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/**
 * GW-11: `/mcp` over Streamable HTTP. Each session is one MCP server bound to the key that opened it; sessions live
 * in this instance's memory (behind a load balancer, route by the `mcp-session-id` header).
 */
export class McpSkillsEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly service: McpSkillsService,
    private readonly authenticate: (authorization: string | undefined) => Promise<{ principal: Principal | null }>,
    private readonly bus: InvalidationBus,
    private readonly logger: Logger,
    private readonly limits: McpEndpointLimits = { maxSessions: 1000, idleMs: 30 * 60_000 },
  ) {
    bus.subscribe(MCP_SKILLS_TOPIC, (projectId) => this.notify((s) => s.sourceProjectId === projectId));
    this.sweeper = setInterval(() => this.closeIdle(), Math.min(60_000, limits.idleMs));
    this.sweeper.unref();
  }

  /** After a live pointer of `projectId` moved and committed (the skills module's SkillLiveMoved event). */
  liveMoved(projectId: string): Promise<void> {
    return this.bus.publish(MCP_SKILLS_TOPIC, projectId);
  }

  /**
   * After a key was revoked, a project deleted or a library link changed: sessions whose key no longer holds end
   * (SEC-7), and the others are told that what they serve may have changed.
   */
  async credentialsChanged(): Promise<void> {
    await Promise.all(
      [...this.sessions].map(async ([id, session]) => {
        const auth = await this.authenticate(session.authorization).catch(() => null);
        if (!auth || (auth.principal?.kind === "key" && auth.principal.keyId === session.keyId)) return;
        this.sessions.delete(id);
        await session.transport.close().catch(() => undefined);
      }),
    );
    this.notify(() => true);
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  async handle({ req, res, body, principal }: McpHttpRequest): Promise<void> {
    if (principal.kind !== "key") {
      jsonRpcError(res, 403, "The MCP endpoint serves one project's skills: authenticate with a project API key.");
      return;
    }
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = this.sessions.get(sessionId);
      // A session opened with another key reads exactly as one that does not exist.
      if (!session || session.keyId !== principal.keyId) {
        jsonRpcError(res, 404, "Session not found: it expired or was closed; initialize a new one.");
        return;
      }
      session.lastSeen = Date.now();
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== "POST" || !isInitializeRequest(body)) {
      jsonRpcError(res, 400, "No mcp-session-id header: the first request of a session must be 'initialize'.");
      return;
    }
    if (this.sessions.size >= this.limits.maxSessions) {
      jsonRpcError(res, 503, `This server holds its maximum of ${this.limits.maxSessions} MCP sessions; retry later.`);
      return;
    }
    await this.open(principal.projectId, principal.keyId, req.headers.authorization ?? "").handleRequest(
      req,
      res,
      body,
    );
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(open.map((s) => s.transport.close().catch(() => undefined)));
  }

  private open(projectId: string, keyId: string, authorization: string): StreamableHTTPServerTransport {
    const server = this.serverFor(projectId);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, {
          transport,
          server,
          projectId,
          keyId,
          authorization,
          sourceProjectId: null,
          lastSeen: Date.now(),
        });
        // Knowing the source project now lets a publish reach a session that has not listed yet.
        void this.refreshSource(id);
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    server.connect(transport).catch((error: unknown) => this.logger.warn({ err: error }, "mcp session failed"));
    return transport;
  }

  private serverFor(projectId: string): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: { resources: { listChanged: true }, extensions: { [SKILLS_EXTENSION]: {} } },
    });
    const seen = (extra: { sessionId?: string }) => {
      if (extra.sessionId) void this.refreshSource(extra.sessionId);
    };
    server.setRequestHandler(anyParams("resources/list"), async (request, extra) => {
      checked(ListResourcesRequestSchema, request);
      seen(extra);
      return { resources: await this.service.listing(projectId) };
    });
    server.setRequestHandler(anyParams("resources/read"), async (raw, extra) => {
      const request = checked(ReadResourceRequestSchema, raw);
      seen(extra);
      const contents = await this.service.read(projectId, request.params.uri);
      if (!contents) throw new McpError(ErrorCode.InvalidParams, `No resource is served at ${request.params.uri}.`);
      return { contents: [contents] };
    });
    server.setRequestHandler(anyParams("skills/list"), async (request, extra) => {
      checked(ListSkillsRequestSchema, request);
      seen(extra);
      // One page: an entry is a manifest of a few hundred bytes, and a project holds hundreds of skills, not millions.
      return { skills: await this.service.entries(projectId), ...CACHE_HINTS };
    });
    server.setRequestHandler(anyParams("skills/get"), async (raw, extra) => {
      const request = checked(GetSkillRequestSchema, raw);
      seen(extra);
      const found = await this.service.entry(projectId, request.params.uri);
      if (!found) throw new McpError(ErrorCode.InvalidParams, `No skill is served at ${request.params.uri}.`);
      // PV-2: the version's signed attestation rides in the result's _meta (null: published before signing began)
      return {
        skill: found.skill,
        ...CACHE_HINTS,
        _meta: { [ATTESTATION_META_KEY]: found.attestation },
      };
    });
    return server;
  }

  private async refreshSource(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) return;
    try {
      session.sourceProjectId = await this.service.sourceOf(session.projectId);
    } catch (error) {
      this.logger.warn({ err: error }, "mcp session could not read its skill source");
    }
  }

  private notify(which: (session: Session) => boolean): void {
    for (const session of this.sessions.values()) {
      if (!which(session)) continue;
      session.server
        .sendResourceListChanged()
        .catch((error: unknown) => this.logger.debug({ err: error }, "list_changed not delivered"));
    }
  }

  private closeIdle(): void {
    const cutoff = Date.now() - this.limits.idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen >= cutoff) continue;
      this.sessions.delete(id);
      session.transport.close().catch(() => undefined);
    }
  }
}
