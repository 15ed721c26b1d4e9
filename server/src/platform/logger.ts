import pino from "pino";

export type Logger = pino.Logger;

/**
 * Fields of errors that can carry the values of a failed statement: TypeORM's `parameters` (an API key's lookup
 * and hash, a sealed secret), PostgreSQL's `detail` ("Key (lookup)=(…) already exists") and `where`. SEC-6, SEC-20.
 */
const STATEMENT_VALUE_FIELDS = new Set(["parameters", "detail", "where", "internalQuery"]);

function scrub(value: unknown, depth: number): unknown {
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = STATEMENT_VALUE_FIELDS.has(key) && item !== undefined ? "***" : scrub(item, depth + 1);
  }
  return out;
}

/** pino's error serializer, without the values of a failed statement anywhere in the error or its causes. */
function errorSerializer(error: unknown): unknown {
  const serialized = error instanceof Error ? pino.stdSerializers.err(error) : error;
  const driverError = (error as { driverError?: unknown })?.driverError;
  const withDriver =
    driverError instanceof Error && serialized && typeof serialized === "object"
      ? { ...serialized, driverError: pino.stdSerializers.err(driverError) }
      : serialized;
  return scrub(withDriver, 0);
}

/** Structured logs; credentials and secrets are redacted wherever they appear in a logged object. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: errorSerializer },
      redact: {
        paths: [
          "authorization",
          "*.authorization",
          "headers.authorization",
          "req.headers.authorization",
          "*.headers.authorization",
          "apiKey",
          "*.apiKey",
          "key",
          "*.key",
          "secret",
          "*.secret",
          "webhookSecret",
          "*.webhookSecret",
          "*.*.webhookSecret",
          "token",
          "*.token",
          "variables",
          "*.variables",
          "parameters",
          "*.parameters",
          // SEC-26: the signing key (a seed, a PEM or a KeyObject) in a logged config or error
          "signingKey",
          "*.signingKey",
          "privateKey",
          "*.privateKey",
          // the model and embeddings endpoints' keys in a logged config
          "modelApiKey",
          "*.modelApiKey",
          "embeddingsApiKey",
          "*.embeddingsApiKey",
        ],
        censor: "***",
      },
    },
    destination,
  );
}
