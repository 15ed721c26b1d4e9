import { CombinedGraphQLErrors } from "@apollo/client/errors";

export interface Problem {
  path: string;
  message: string;
  [key: string]: unknown;
}

export interface ErrorInfo {
  message: string;
  code?: string;
  details: Record<string, unknown> & { field?: string; problems?: Problem[] };
}

/** The server's first error: its message, code and details (field, problems[].path …), as the API fixes them. */
export function errorInfo(error: unknown): ErrorInfo | null {
  if (!error) return null;
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const ext = (first?.extensions ?? {}) as { code?: string; details?: ErrorInfo["details"] };
    return { message: first?.message ?? error.message, code: ext.code, details: ext.details ?? {} };
  }
  if (unreachable(error)) return { message: UNREACHABLE, details: {} };
  return { message: error instanceof Error ? error.message : String(error), details: {} };
}

const UNREACHABLE =
  "The server could not be reached: it may be down or restarting, or the network is out. What you typed is kept here; try again once it answers.";

/** fetch's own refusal (no answer at all): Chromium "Failed to fetch", Firefox "NetworkError…", Safari "Load failed". */
const unreachable = (error: unknown) =>
  error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);

/** Every problem of an error; one built from `field` when the server named a field but no list. */
export function problemsOf(error: unknown): Problem[] {
  const info = errorInfo(error);
  if (!info) return [];
  if (info.details.problems?.length) return info.details.problems;
  if (info.details.field) {
    const { field, problems: _none, ...rest } = info.details;
    return [{ ...rest, path: field, message: info.message }];
  }
  return [];
}
