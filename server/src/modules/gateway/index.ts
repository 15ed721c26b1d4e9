// The OpenAI-compatible gateway (GW-1..10): routes for the composition root to mount at /v1.
import type http from "node:http";
import type { Logger } from "../../platform/logger";
import type { AgentTelemetry, TraceSpan } from "../../platform/telemetry";
import type { SessionStore } from "../../platform/session-store";
import type { AgentCallDirectory } from "../agents";
import type { AuthService } from "../auth";
import type { CallResolution, ToolRunner } from "../calls";
import type { ModelClient } from "../model";
import type { SkillReader } from "../skills";
import { GatewayAgents } from "./gateway-agents";
import { loadGatewayConfig } from "./gateway-config";
import { gatewayHandler, rateLimited } from "./gateway-routes";

export { GatewayConfigError, loadGatewayConfig, type GatewayConfigFile } from "./gateway-config";
export { SESSION_HEADER, SKILLS_REHYDRATED_EVENT } from "./chunk-stream";

export interface GatewayOptions {
  auth: AuthService;
  agents: AgentCallDirectory;
  calls: CallResolution;
  skills: SkillReader;
  tools: ToolRunner;
  model: ModelClient;
  store: SessionStore;
  logger: Logger;
  /** GATEWAY_CONFIG: read and its skill sources discovered and validated now, at start (GW-3). */
  configFile: string | undefined;
  customEvents: boolean;
  maxToolRounds: number;
  bodyLimitBytes: number;
  /** OB-1, OB-2: a turn's `invoke_agent` span, its loads and tool runs, and the turns counted. */
  telemetry: AgentTelemetry;
}

/** Builds the gateway; a GATEWAY_CONFIG that does not validate throws GatewayConfigError and stops the start. */
export async function createGateway(options: GatewayOptions): Promise<{
  handle: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    requestId: string,
    trace: TraceSpan | null,
    head: readonly string[],
  ) => void;
  rateLimited: (res: http.ServerResponse) => void;
  /** Its answers write the platform's headers themselves (PlainRoute.writesHead). */
  writesHead: true;
}> {
  const config = options.configFile ? await loadGatewayConfig(options.configFile) : null;
  for (const warning of config?.warnings ?? []) options.logger.warn({ gatewayConfig: options.configFile }, warning);
  if (config)
    options.logger.info(
      {
        agent: config.agent.name,
        skills: config.agent.skills.map((s) => s.name),
        workers: config.agent.workers.map((w) => w.name),
      },
      "gateway agent from GATEWAY_CONFIG",
    );
  const agents = new GatewayAgents(options.agents, options.calls, options.skills, config);
  return {
    handle: gatewayHandler({
      ...options,
      agents,
      configKeyHashes: config?.apiKeyHashes ?? [],
    }),
    rateLimited,
    writesHead: true,
  };
}
