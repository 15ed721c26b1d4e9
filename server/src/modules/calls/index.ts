// The calls module's face: what other modules may use.
export { CallEntity, CallEventEntity, CallSkillEntity, ToolInvocationEntity } from "./call.entity";
export { CallEventResolver, CallResolver } from "./call.resolver";
export { CallService } from "./call.service";
export { McpConnector } from "./mcp-connector";
export { ToolRunner } from "./tool-runner";
export { registerCallLoaders } from "./call.loaders";
export type { CallSegment } from "./call-state";
