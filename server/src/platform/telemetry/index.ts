import type { TracingConfig } from "../../config";
import type { Logger } from "../logger";
import { NO_TRACING, type Tracing } from "./tracing";

export * from "./tracing";
export { GEN_AI, GEN_AI_OPERATION, SKILLGRAPH } from "./attributes";

/**
 * OB-1: the SDK's tracing when an OTLP endpoint is configured, else NO_TRACING. The SDK is loaded only then: a
 * process without an endpoint never even requires it.
 */
export async function openTracing(config: TracingConfig | null, logger: Logger): Promise<Tracing> {
  if (!config) return NO_TRACING;
  const { openOtelTracing } = await import("./otel-tracing");
  const tracing = openOtelTracing(config, logger);
  logger.info(
    { endpoint: config.url, protocol: config.protocol, service: config.serviceName, sampler: config.sampler },
    "tracing: spans are exported over OTLP",
  );
  return tracing;
}
export {
  AgentTelemetry,
  skillAttributes,
  type AgentSpan,
  type LoadRunOutcome,
  type ModelRequestTrace,
  type ToolRunOutcome,
  type TracedSkill,
} from "./agent-telemetry";
export { Metrics, OTHER, type ScrapedGauge } from "./metrics";
