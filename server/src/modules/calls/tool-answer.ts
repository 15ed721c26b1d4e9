import { DEFAULT_MAX_BODY_BYTES } from "../../platform/outbound/outbound-fetch";

/** SEC-22: the most a tool's answer may be (a webhook's body, an MCP tool's result), in bytes. */
export const TOOL_ANSWER_MAX_BYTES = DEFAULT_MAX_BODY_BYTES;

/**
 * SEC-22: a tool whose answer is past the limit failed — nothing of the answer is kept (a result cut short would
 * be recorded as if whole). `answered`: who answered what, e.g. "The webhook answered HTTP 200".
 */
export function answerTooLarge(answered: string): { status: "error"; result: null; error: string } {
  return {
    status: "error",
    result: null,
    error: `${answered} with more than ${TOOL_ANSWER_MAX_BYTES} bytes, the most a tool's answer may be; nothing of it was kept.`,
  };
}

/** The size of an answer already parsed (an MCP tool's result), as the JSON that would be kept. */
export function answerBytes(result: unknown): number {
  return result === undefined ? 0 : Buffer.byteLength(JSON.stringify(result) ?? "");
}
