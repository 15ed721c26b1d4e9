export type Role = "PLATFORM" | "ADMIN" | "EDITOR" | "VIEWER";

export interface Session {
  credential: string;
  role: Role;
  /** The key's project; null for the platform credential. */
  project: { id: string; name: string } | null;
}

const KEY = "skillgraph.session";

/** The credential lives for this browser tab only (sessionStorage), never in localStorage or a cookie. */
export function readSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function writeSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

export const canWrite = (role: Role | undefined) => role === "ADMIN" || role === "EDITOR" || role === "PLATFORM";
