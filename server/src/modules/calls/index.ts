// What other modules may use of calls: the call state and its model context, segment resolution, the tool runner.
export { CallService } from "./call.service";
export { currentSegment, modelContextOf, type CallSegment, type CallState } from "./call-state";
export type { AgentDirectory, CallAgent } from "./call-agents";
export { ToolRunner, type ToolHost, type ToolOutcome } from "./tool-runner";
export type { McpServerAccess } from "./mcp-connector";
export { CallSkillType, OfferedToolType, ToolInvocationType } from "./call.types";
