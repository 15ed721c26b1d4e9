// What other modules may use of calls.
export { CallService } from "./call.service";
export { ToolRunner } from "./tool-runner";
export type { AgentDirectory, CallAgent } from "./call-agents";
export type { CallSegment } from "./call-state";
