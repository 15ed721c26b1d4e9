// The calls module's face: what other modules may use.
export { CallContextEntity, CallEntity, CallEventEntity, CallSkillEntity, ToolInvocationEntity } from "./call.entity";
export { CallEventResolver, CallResolver } from "./call.resolver";
export { CallService } from "./call.service";
export { CallRecorded } from "./call.events";
export { McpConnector } from "./mcp-connector";
export { ToolRunner, type ToolHost, type ToolOutcome } from "./tool-runner";
export { currentSegment, modelContextOf, type CallSegment, type CallState } from "./call-state";
export type { McpServerAccess } from "./mcp-connector";
export { CallSkillType, OfferedToolType, ToolInvocationType } from "./call.types";
export { presentOfferedTool } from "./call.presenters";
export { registerCallLoaders } from "./call.loaders";
export { CallEventType } from "./call.types";
