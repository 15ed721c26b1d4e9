import pino from "pino";

export type Logger = pino.Logger;

/** Structured logs; credentials and secrets are redacted wherever they appear in a logged object. */
export function createLogger(level: string): Logger {
  return pino({
    level,
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
      ],
      censor: "***",
    },
  });
}
