export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// The console's own colours (app/theme.ts): each has shades for white text on it and for text on its tint, in light
// and in dark mode (WCAG AA; axe checks every page of the journeys).
export const OK_COLOR = "ok";
export const INFO_COLOR = "info";
export const MUTED_COLOR = "muted";
export const FAILED_COLOR = "fail";
export const WARN_COLOR = "warn";
export const PIN_COLOR = "pin";

export const stateColor = (state: string) =>
  state === "PUBLISHED" ? OK_COLOR : state === "DRAFT" ? INFO_COLOR : MUTED_COLOR;

/** Who saved a version, as a person reads it: the key's name, else a short key id, or the platform credential. */
export const authorOf = (v: { createdBy: string; createdByName?: string | null }) =>
  v.createdByName ?? (v.createdBy === "platform" ? "platform credential" : `key ${v.createdBy.slice(0, 8)}…`);

/**
 * An id as a list shows it: its last 8 hex digits. Calls take time-ordered ids (UUIDv7), whose first digits are
 * the same for every call of the same minute; the tail is random, so it tells rows apart.
 */
export const shortId = (id: string) => id.replace(/-/g, "").slice(-8);
