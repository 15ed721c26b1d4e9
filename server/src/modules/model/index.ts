// The model module's face: one client for any OpenAI-compatible chat completions endpoint (chat sessions, evals,
// the gateway), one for an embeddings endpoint (skill search), and the OpenAI wire types it speaks.
export {
  defaultModelEndpoint,
  ModelClient,
  type ModelCallOptions,
  type ModelClientOptions,
  type ModelEndpoint,
  type ModelRequest,
} from "./model-client";
export {
  EMBEDDINGS_BATCH,
  EmbeddingsClient,
  embeddingsEndpoint,
  type EmbeddingsClientOptions,
  type EmbeddingsEndpoint,
} from "./embeddings-client";
export {
  addUsage,
  completeRound,
  streamRound,
  type ModelToolCall,
  type RoundAnswer,
  type RoundRunner,
  type TokenUsage,
} from "./model-rounds";
export { UpstreamError } from "../../platform/errors";
export type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from "openai/resources/chat/completions";
