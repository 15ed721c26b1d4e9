export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export const stateColor = (state: string) => (state === "PUBLISHED" ? "green" : state === "DRAFT" ? "blue" : "gray");
