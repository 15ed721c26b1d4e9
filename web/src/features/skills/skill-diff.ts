// SV-8 as the diff page shows it: the server's diffSkillVersions answer read into what changed, part by part.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.filter(isObject) : []);

export interface DiffTool {
  name: string;
  description: string;
  parameters: unknown;
  webhook_url: string;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface KeyedChanges<T> {
  added: T[];
  removed: T[];
  changed: Array<{ from: T; to: T }>;
}

export interface SkillDiff {
  skillMd: { changed: boolean; added: number; removed: number };
  tools: KeyedChanges<DiffTool>;
  knowledgeBases: {
    added: Array<{ id: string; mode: string }>;
    removed: Array<{ id: string; mode: string }>;
    changed: Array<{ id: string; fromMode: string; toMode: string }>;
  };
  files: KeyedChanges<{ path: string; size: number; sha256: string }>;
}

const keyed = <T>(v: unknown, read: (o: Record<string, unknown>) => T): KeyedChanges<T> => {
  const o = isObject(v) ? v : {};
  return {
    added: list(o.added).map(read),
    removed: list(o.removed).map(read),
    changed: list(o.changed).map((c) => ({
      from: read(isObject(c.from) ? c.from : {}),
      to: read(isObject(c.to) ? c.to : {}),
    })),
  };
};
const str = (v: unknown) => (typeof v === "string" ? v : "");
const tool = (o: Record<string, unknown>): DiffTool => ({
  name: str(o.name),
  description: str(o.description),
  parameters: o.parameters ?? {},
  webhook_url: str(o.webhook_url),
});
const file = (o: Record<string, unknown>) => ({ path: str(o.path), size: Number(o.size ?? 0), sha256: str(o.sha256) });

/** The server's answer (snake_case JSON, api.md's diffSkillVersions) as typed parts. */
export function readDiff(raw: unknown): SkillDiff {
  const d = isObject(raw) ? raw : {};
  const md = isObject(d.skill_md) ? d.skill_md : {};
  const kb = isObject(d.knowledge_bases) ? d.knowledge_bases : {};
  const ref = (o: Record<string, unknown>) => ({ id: str(o.knowledge_base_id), mode: str(o.mode) });
  return {
    skillMd: { changed: md.changed === true, added: Number(md.added ?? 0), removed: Number(md.removed ?? 0) },
    tools: keyed(d.tools, tool),
    knowledgeBases: {
      added: list(kb.added).map(ref),
      removed: list(kb.removed).map(ref),
      changed: list(kb.changed).map((c) => ({
        id: str(c.knowledge_base_id),
        fromMode: str(c.from_mode),
        toMode: str(c.to_mode),
      })),
    },
    files: keyed(d.files, file),
  };
}

const shown = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));

/** A changed tool, field by field: only the fields that differ, each before and after. */
export function toolFieldChanges(from: DiffTool, to: DiffTool): FieldChange[] {
  const fields: Array<[string, unknown, unknown]> = [
    ["description", from.description, to.description],
    ["webhook URL", from.webhook_url, to.webhook_url],
    ["parameters", from.parameters, to.parameters],
  ];
  return fields
    .map(([field, a, b]) => ({ field, before: shown(a), after: shown(b) }))
    .filter((c) => c.before !== c.after);
}

/** "2 added, 1 changed" — or "no change". */
export function countsOf(part: { added: unknown[]; removed: unknown[]; changed: unknown[] }): string {
  const bits = [
    part.added.length ? `${part.added.length} added` : "",
    part.removed.length ? `${part.removed.length} removed` : "",
    part.changed.length ? `${part.changed.length} changed` : "",
  ].filter(Boolean);
  return bits.length ? bits.join(", ") : "no change";
}

/** A file's bytes as text, or null when they are not UTF-8 text (a picture, an archive). */
export function textOf(base64: string): string | null {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
