// The few server calls this page makes. Same-origin paths only: the server serves this page in production and
// the Vite dev server proxies these routes to it in development.

export type Health = "checking" | "up" | "down";
export type Readiness = "checking" | "ready" | "not ready";

export interface SkillSummary {
  id: string;
  name: string;
  version: number;
  state: "DRAFT" | "PUBLISHED" | "ARCHIVED";
  description: string;
}

export interface ProjectSkills {
  project: { id: string; name: string } | null;
  skills: { total: number; items: SkillSummary[] };
}

export const PROJECT_SKILLS_QUERY = `query ProjectSkills {
  project { id name }
  skills(limit: 50) { total items { id name version state description } }
}`;

/** True when `path` answers 2xx; false when it answers otherwise or cannot be reached. */
export async function probe(path: string, signal: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch(path, { signal, cache: "no-store" });
    return response.ok;
  } catch (error) {
    if (signal.aborted) throw error;
    return false;
  }
}

export async function fetchProjectSkills(apiKey: string, signal: AbortSignal): Promise<ProjectSkills> {
  let response: Response;
  try {
    response = await fetch("/graphql", {
      method: "POST",
      signal,
      cache: "no-store",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/graphql-response+json, application/json",
        Authorization: `Bearer ${apiKey}`,
      },
      body: JSON.stringify({ operationName: "ProjectSkills", query: PROJECT_SKILLS_QUERY }),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error(`The server could not be reached (${describe(error)}). Check that it is running.`, {
      cause: error,
    });
  }

  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`The server answered HTTP ${response.status} with a body that is not JSON.`);
  }

  const firstError = firstErrorMessage(body);
  if (firstError !== undefined) throw new Error(firstError);
  if (!response.ok) throw new Error(`The server answered HTTP ${response.status} without an error message.`);
  if (!isRecord(body) || !isRecord(body.data)) throw new Error("The server answered without data.");
  return body.data as unknown as ProjectSkills;
}

function firstErrorMessage(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body.errors) || body.errors.length === 0) return undefined;
  const first: unknown = body.errors[0];
  if (isRecord(first) && typeof first.message === "string" && first.message !== "") return first.message;
  return "The server reported an error without a message.";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
