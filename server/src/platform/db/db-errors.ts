const RETRYABLE_PG_CODES = new Set(["40001", "40P01"]); // serialization failure, deadlock

/** True for a PostgreSQL serialization failure or deadlock: the statement wrote nothing and may be tried again. */
export function isRetryableConflict(error: unknown): boolean {
  return RETRYABLE_PG_CODES.has(pgErrorCode(error) ?? "");
}

export function pgErrorCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === "string" ? code : undefined;
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(String(error));
}

// Connection-level failures (PostgreSQL classes 08 and 57P, too many connections) and the driver's own words
// for a connection that went away: the database is unavailable, not the statement wrong.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "53300",
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Driver not Connected|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not established|connection is not open|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|Client was closed and is not queryable|Query runner already released/i;

/** SEC-17, SEC-20: true when `error` means the database cannot be reached right now (retrying later may work). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    const code = typeof candidate.code === "string" ? candidate.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08") || code.startsWith("57P")) return true;
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    const errors = (current as { errors?: unknown }).errors; // AggregateError from a multi-address connect
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = candidate.driverError ?? candidate.cause;
  }
  return false;
}
