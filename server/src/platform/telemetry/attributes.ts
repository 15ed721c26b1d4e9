/**
 * Span attribute names (OB-1, api.md "Traces and metrics"): the OpenTelemetry GenAI semantic conventions' own
 * (`gen_ai.*`; still "development" there, so written out here as OpenTelemetry advises for incubating names instead
 * of importing them) and Skillgraph's (`skillgraph.*`). The stable ones come from `@opentelemetry/semantic-conventions`.
 */
export {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_FULL,
} from "@opentelemetry/semantic-conventions";

export const GEN_AI = {
  operationName: "gen_ai.operation.name",
  providerName: "gen_ai.provider.name",
  agentName: "gen_ai.agent.name",
  agentId: "gen_ai.agent.id",
  conversationId: "gen_ai.conversation.id",
  requestModel: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  responseId: "gen_ai.response.id",
  finishReasons: "gen_ai.response.finish_reasons",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  toolName: "gen_ai.tool.name",
  toolType: "gen_ai.tool.type",
  toolCallId: "gen_ai.tool.call.id",
  /** Content (only with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true). */
  toolCallArguments: "gen_ai.tool.call.arguments",
  toolCallResult: "gen_ai.tool.call.result",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  systemInstructions: "gen_ai.system_instructions",
  /** The skill a `load_skill` / `read_skill_file` tool run is about (spec OB-1). */
  skillName: "gen_ai.skill.name",
} as const;

/** `gen_ai.operation.name` values. */
export const GEN_AI_OPERATION = { invokeAgent: "invoke_agent", chat: "chat", executeTool: "execute_tool" } as const;

export const SKILLGRAPH = {
  skillVersion: "skillgraph.skill.version",
  skillVersionId: "skillgraph.skill.version_id",
  skillPinned: "skillgraph.skill.pinned",
  /** "live" | "candidate" when the skill resolved under a staged rollout (RO-2); absent outside one. */
  rolloutArm: "skillgraph.rollout.arm",
  rolloutId: "skillgraph.rollout.id",
  /** Where a tool comes from: `builtin`, `agent`, `skill:<name>`, `mcp:<server>`, `gateway`. */
  toolSource: "skillgraph.tool.source",
  /** How a tool run went: ok | error | timeout | refused. */
  toolStatus: "skillgraph.tool.status",
  callId: "skillgraph.call.id",
  projectId: "skillgraph.project.id",
  /** The skills a call start resolved, and the tools it offers (names only). */
  resolvedSkills: "skillgraph.skills.resolved",
  loadedSkills: "skillgraph.skills.loaded",
  /** A load's result: loaded | already_loaded | not_found | … and the skills a cap evicted. */
  loadStatus: "skillgraph.load.status",
  evictedSkills: "skillgraph.skills.evicted",
  /** The codes of a GraphQL answer's errors (`BAD_USER_INPUT`, `NOT_FOUND`, …). */
  graphqlErrorCodes: "skillgraph.graphql.error_codes",
  requestId: "skillgraph.request.id",
} as const;
