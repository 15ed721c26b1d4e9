import { GraphQLError } from "graphql";

/**
 * Refusals raised before any resolver runs (from Apollo plugin hooks): a GraphQLError that carries its code and
 * HTTP status, so that Apollo answers 4xx instead of treating a thrown hook as its own failure (500).
 */
export function badUserInput(message: string, details?: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: "BAD_USER_INPUT", ...(details ? { details } : {}), http: { status: 400 } },
  });
}

export function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } });
}

export function unsupportedMediaType(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "UNSUPPORTED_MEDIA_TYPE", http: { status: 415 } } });
}
