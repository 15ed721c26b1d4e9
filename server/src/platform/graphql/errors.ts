import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { ArgumentValidationError } from "type-graphql";
import { DomainError, type ErrorDetails } from "../errors";
import { isDatabaseUnavailable } from "../db/database";
import type { OutageLog } from "../db/outage-log";

export const ERROR_CODES = {
  not_found: "NOT_FOUND",
  conflict: "CONFLICT",
  invalid: "BAD_USER_INPUT",
  forbidden: "FORBIDDEN",
  unauthenticated: "UNAUTHENTICATED",
  upstream: "UPSTREAM_ERROR",
} as const satisfies Record<DomainError["kind"], string>;

function codeOf(error: DomainError): string {
  switch (error.kind) {
    case "not_found":
    case "conflict":
    case "invalid":
    case "forbidden":
    case "unauthenticated":
    case "upstream":
      return ERROR_CODES[error.kind];
  }
}

/** GraphQL's own validation codes that are the client's doing and safe to show. */
const CLIENT_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "UNSUPPORTED_MEDIA_TYPE",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
]);

/** "Did you mean …?" hints would leak the schema when introspection is off (SEC-3). */
function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean[^?]*\?/g, "");
}

function validationDetails(error: ArgumentValidationError): ErrorDetails {
  const problems = error.extensions.validationErrors.map((v) => ({
    path: v.property,
    field: v.property,
    message: Object.values(v.constraints ?? {}).join(" ") || `${v.property} is not valid.`,
  }));
  return { field: problems[0]?.field, problems };
}

/** How long a client should wait before retrying while the database is unavailable (`Retry-After`, seconds). */
export const RETRY_AFTER_SECS = 5;

export const SERVICE_UNAVAILABLE_MESSAGE = `The service cannot reach its database right now; retry in ${RETRY_AFTER_SECS} seconds.`;

/**
 * SEC-20: errors that are the client's doing (or an outage, logged once by OutageLog) and so never logged as
 * unexpected: domain errors, argument validation, GraphQL's own parse and validation errors.
 */
export function isExpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError || original instanceof ArgumentValidationError) return true;
  const code = (error as GraphQLError)?.extensions?.code ?? (original as GraphQLError)?.extensions?.code;
  if (typeof code === "string" && (CLIENT_CODES.has(code) || code === "SERVICE_UNAVAILABLE")) return true;
  return isDatabaseUnavailable(original);
}

/**
 * The one place a thrown error becomes what a client sees: domain errors keep their code and details,
 * GraphQL's own validation errors lose their hints, a database outage is SERVICE_UNAVAILABLE (SEC-20), everything
 * else is INTERNAL_SERVER_ERROR with the request id only (SEC-6); the detail goes to the log.
 */
export function createErrorFormatter(outage: OutageLog) {
  return (formatted: GraphQLFormattedError, thrown: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(thrown);
    const requestId = (formatted.extensions?.requestId as string | undefined) ?? currentRequestId(thrown);
    if (original instanceof DomainError) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: codeOf(original), ...(original.details ? { details: original.details } : {}) },
      };
    }
    if (original instanceof ArgumentValidationError) {
      const details = validationDetails(original);
      return {
        message: `The input is not valid: ${details.problems && (details.problems as Array<{ message: string }>).map((p) => p.message).join(" ")}`,
        path: formatted.path,
        extensions: { code: "BAD_USER_INPUT", details },
      };
    }
    const code = formatted.extensions?.code;
    if (code === "SERVICE_UNAVAILABLE" || isDatabaseUnavailable(original)) {
      if (code !== "SERVICE_UNAVAILABLE") outage.noteUnavailable(original, requestId);
      return {
        message: SERVICE_UNAVAILABLE_MESSAGE,
        path: formatted.path,
        extensions: { code: "SERVICE_UNAVAILABLE" },
      };
    }
    if (typeof code === "string" && CLIENT_CODES.has(code)) {
      const details = formatted.extensions?.details;
      return {
        message: withoutSuggestions(formatted.message),
        locations: formatted.locations,
        extensions: { code, ...(details ? { details } : {}) },
      };
    }
    if (original instanceof GraphQLError && original.extensions?.code === "BAD_USER_INPUT") {
      return { message: withoutSuggestions(original.message), extensions: { code: "BAD_USER_INPUT" } };
    }
    // Logged by the request plugin, which knows the request id (platform/http/server.ts).
    return {
      message: `Something went wrong on our side. Quote request id ${requestId ?? "unknown"} when you report it.`,
      path: formatted.path,
      extensions: { code: "INTERNAL_SERVER_ERROR", requestId },
    };
  };
}

function currentRequestId(thrown: unknown): string | undefined {
  const candidate = thrown as { requestId?: unknown };
  return typeof candidate?.requestId === "string" ? candidate.requestId : undefined;
}
