import { DomainError, type ErrorDetails } from "../../platform/errors";

/** Whose shapes an answer takes: Anthropic's when the request carries `anthropic-version`, else OpenAI's (api.md). */
export type Vendor = "openai" | "anthropic";

/** What went wrong, before it is put in a vendor's words. */
export type ApiErrorKind =
  | "invalid_request"
  | "unprocessable"
  | "authentication"
  | "permission"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "too_large"
  | "rate_limited"
  | "upstream"
  | "internal";

/**
 * A refusal of the Skills API (EC-1, EC-2): its kind, a sentence a person can act on, the request parameter it is
 * about (OpenAI's `param`), details (the agents that use a skill), and whether an SDK should retry it.
 */
export class SkillsApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly options: { param?: string; details?: ErrorDetails; retry?: boolean; code?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, param?: string) =>
  new SkillsApiError("invalid_request", message, { param });

/** HTTP status per kind and vendor: OpenAI answers refused content with 422, Anthropic with 400 (its docs' usage). */
export function statusOf(kind: ApiErrorKind, vendor: Vendor): number {
  switch (kind) {
    case "invalid_request":
      return 400;
    case "unprocessable":
      return vendor === "openai" ? 422 : 400;
    case "authentication":
      return 401;
    case "permission":
      return 403;
    case "not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "conflict":
      return 409;
    case "too_large":
      return 413;
    case "rate_limited":
      return 429;
    case "upstream":
      return 502;
    case "internal":
      return 500;
  }
}

const OPENAI_TYPES: Record<ApiErrorKind, string> = {
  invalid_request: "invalid_request_error",
  unprocessable: "invalid_request_error",
  authentication: "authentication_error",
  permission: "permission_error",
  not_found: "invalid_request_error",
  method_not_allowed: "invalid_request_error",
  conflict: "invalid_request_error",
  too_large: "invalid_request_error",
  rate_limited: "rate_limit_error",
  upstream: "server_error",
  internal: "server_error",
};

const OPENAI_CODES: Record<ApiErrorKind, string> = {
  invalid_request: "invalid_request",
  unprocessable: "invalid_skill",
  authentication: "invalid_api_key",
  permission: "insufficient_role",
  not_found: "not_found",
  method_not_allowed: "method_not_allowed",
  conflict: "conflict",
  too_large: "request_too_large",
  rate_limited: "rate_limited",
  upstream: "upstream_error",
  internal: "internal_error",
};

/** Anthropic's error types (its SDK's `ErrorType`, and `request_too_large` of its errors page). */
const ANTHROPIC_TYPES: Record<ApiErrorKind, string> = {
  invalid_request: "invalid_request_error",
  unprocessable: "invalid_request_error",
  authentication: "authentication_error",
  permission: "permission_error",
  not_found: "not_found_error",
  method_not_allowed: "invalid_request_error",
  conflict: "conflict_error",
  too_large: "request_too_large",
  rate_limited: "rate_limit_error",
  upstream: "api_error",
  internal: "api_error",
};

/** The JSON body of an error in the vendor's envelope; details (e.g. `agents`) ride along as `details`. */
export function errorBody(error: SkillsApiError, vendor: Vendor, requestId: string): Record<string, unknown> {
  const details = error.options.details && Object.keys(error.options.details).length > 0 ? error.options.details : null;
  if (vendor === "anthropic") {
    return {
      type: "error",
      error: { type: ANTHROPIC_TYPES[error.kind], message: error.message, ...(details ? { details } : {}) },
      request_id: requestId,
    };
  }
  return {
    error: {
      message: error.message,
      type: OPENAI_TYPES[error.kind],
      param: error.options.param ?? null,
      code: error.options.code ?? OPENAI_CODES[error.kind],
      ...(details ? { details } : {}),
    },
  };
}

/**
 * SEC-23: a JSON body the parser refused (body-parser's error `type`s, and `entity.too.deep` of readJsonBody) is the
 * client's fault, a 4xx; null for anything else.
 */
export function bodyErrorOf(error: unknown, limitBytes: number): SkillsApiError | null {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  switch (type) {
    case "entity.parse.failed":
      return badRequest('The request body is not a JSON object; send e.g. {"default_version": "2"}.');
    case "entity.too.deep":
      return badRequest((error as Error).message);
    case "entity.too.large":
      return new SkillsApiError("too_large", `The request body is larger than the ${limitBytes} bytes it may be.`);
    case "charset.unsupported":
    case "encoding.unsupported":
      return badRequest(
        "The request body must be JSON in UTF-8: send 'content-type: application/json' (charset utf-8 or none), without a content-encoding.",
      );
    default:
      return badRequest(`The request body was not accepted: ${(error as Error).message}`);
  }
}

/** A domain error of the skills services as the Skills API answers it; null for anything else (a bug: a 500). */
export function apiErrorOf(error: unknown): SkillsApiError | null {
  if (error instanceof SkillsApiError) return error;
  if (!(error instanceof DomainError)) return null;
  const details = error.details;
  switch (error.kind) {
    case "unauthenticated":
      return new SkillsApiError("authentication", error.message);
    case "forbidden":
      return new SkillsApiError("permission", error.message, { details });
    case "not_found":
      return new SkillsApiError("not_found", error.message);
    case "invalid":
      return new SkillsApiError("unprocessable", error.message, {
        details,
        param: typeof details?.field === "string" ? details.field : undefined,
      });
    case "conflict":
      return new SkillsApiError("conflict", error.message, {
        details,
        code: Array.isArray(details?.agents) ? "skill_in_use" : undefined,
      });
    case "upstream":
      return new SkillsApiError("upstream", error.message);
  }
}
