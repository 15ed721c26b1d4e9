import { DomainError, UpstreamError } from "../../platform/errors";
import { ToolLoopError } from "./gateway-turn";

/** An answer in OpenAI's error shape: `{"error": {"message", "type", "code"}}` with an HTTP status (GW-1). */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  body(): { error: { message: string; type: string; code: string; param: null } } {
    return { error: { message: this.message, type: this.type, code: this.code, param: null } };
  }
}

export const badRequest = (code: string, message: string) =>
  new GatewayError(400, "invalid_request_error", code, message);

/**
 * Every failure as OpenAI's shape; null for an error of ours (a bug), which the caller logs and answers as 500.
 * Only the model endpoint's own failures are 5xx (SEC-23): OpenAI's SDKs retry those, never a 4xx.
 */
export function gatewayErrorOf(error: unknown): GatewayError | null {
  if (error instanceof GatewayError) return error;
  if (error instanceof UpstreamError) {
    if (error.timeout) return new GatewayError(504, "upstream_error", "upstream_timeout", error.message);
    // SEC-23: the model refused what the client sent (its status, its words): a client fault, not retried by SDKs.
    if (error.refusedRequest)
      return new GatewayError(error.status!, "invalid_request_error", "model_rejected_request", error.message);
    if (error.status === 429) return new GatewayError(429, "rate_limit_error", "model_rate_limited", error.message);
    // The endpoint's own failures (5xx, unusable answers, unreachable) and its configuration's (401, 403, 404).
    return new GatewayError(502, "upstream_error", "upstream_error", error.message);
  }
  if (error instanceof ToolLoopError)
    return new GatewayError(502, "upstream_error", "tool_rounds_exceeded", error.message);
  if (error instanceof DomainError) {
    switch (error.kind) {
      case "unauthenticated":
        return new GatewayError(401, "authentication_error", "invalid_api_key", error.message);
      case "forbidden":
        return new GatewayError(403, "permission_error", "insufficient_role", error.message);
      case "not_found":
        return new GatewayError(404, "invalid_request_error", "not_found", error.message);
      case "invalid":
        return badRequest("invalid_request", error.message);
      case "conflict":
        return new GatewayError(409, "invalid_request_error", "conflict", error.message);
      case "upstream":
        return new GatewayError(502, "upstream_error", "upstream_error", error.message);
    }
  }
  return null;
}
