export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// Dark enough for white text and for text on their light tint (WCAG AA; axe checks every page in the journeys).
export const OK_COLOR = "#1b6e2f";
export const INFO_COLOR = "#1c5aa8";
export const MUTED_COLOR = "#495057";

export const stateColor = (state: string) =>
  state === "PUBLISHED" ? OK_COLOR : state === "DRAFT" ? INFO_COLOR : MUTED_COLOR;

/** Who saved a version, as a person reads it: the key's name, else a short key id, or the platform credential. */
export const authorOf = (v: { createdBy: string; createdByName?: string | null }) =>
  v.createdByName ?? (v.createdBy === "platform" ? "platform credential" : `key ${v.createdBy.slice(0, 8)}…`);
