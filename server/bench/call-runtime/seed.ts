/**
 * The call runtime bench's data: 1,000 skills × 10 versions and 2,000 agents × 5 versions (3–8 skill entries each,
 * some pinned), made deterministically and inserted in bulk, into PostgreSQL (multi-row `unnest`) or SQLite
 * (prepared statements in one transaction); and the growth to 10× (10,000 skills, 100,000 agent versions).
 */
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import type { Database } from "../../src/platform/db/database";
import { parseSkillMd } from "../../src/modules/skills/skill-md";
import { checkTools } from "../../src/modules/skills/skill-tools";
import { seededRandom } from "../../src/platform/seeded-random";

export const SKILLS = 1000;
export const VERSIONS_PER_SKILL = 10; // 1–9 archived, 10 published
export const AGENTS = 2000;
export const VERSIONS_PER_AGENT = 5; // 1–4 archived, 5 published
export const MIN_ENTRIES = 3;
export const MAX_ENTRIES = 8;
export const PIN_SHARE = 0.15; // of entries, pinned to an archived version
export const MAX_LOADED = 3;

const TOPICS = [
  "refunds",
  "order status",
  "appointment booking",
  "password resets",
  "billing disputes",
  "delivery changes",
  "store opening hours",
  "warranty claims",
  "subscription cancellations",
  "address updates",
  "loyalty points",
  "product availability",
  "payment plans",
  "router troubleshooting",
  "insurance claims",
  "prescription refills",
  "table reservations",
  "flight changes",
  "lost or stolen cards",
  "complaints",
];

export const skillName = (i: number) => `skill-${String(i).padStart(4, "0")}`;
const toolPrefix = (i: number) => `skill_${String(i).padStart(4, "0")}`;
const agentName = (i: number) => `agent-${String(i).padStart(4, "0")}`;

/** A realistic SKILL.md of 1–2 KB (frontmatter, steps, rules, notes) that mentions its tools and a variable. */
function skillMdText(i: number, version: number): string {
  const topic = TOPICS[i % TOPICS.length]!;
  const notes = Array.from(
    { length: 1 + (i % 4) },
    (_, n) =>
      `- Note ${n + 1}: callers asking about ${topic} often mention earlier contacts; check the history the lookup ` +
      `returns before promising anything, and say plainly when something cannot be done today.`,
  ).join("\n");
  const update = i % 2 === 1 ? `\n4. When the caller confirms, call \`${toolPrefix(i)}_update\` with the change.` : "";
  return `---
name: ${skillName(i)}
description: Handles ${topic} for callers (skill ${i}, revision ${version}). Use when the caller asks about ${topic} or anything that depends on it.
metadata:
  owner: team-${i % 17}
  revision: "${version}"
---
# ${topic[0]!.toUpperCase()}${topic.slice(1)} (${skillName(i)})

Follow these steps when the caller needs help with ${topic}. This is a voice call: keep every answer to two or
three short sentences, never read identifiers digit by digit unless asked, and confirm before changing anything.

## Steps
1. Greet {{caller}} by name and ask for the account email or the phone number on the account.
2. Call \`${toolPrefix(i)}_lookup\` with what the caller gave you; read back only what matters for ${topic}.
3. If the lookup finds nothing, ask once more for a different identifier, then offer a human colleague.${update}

## Rules
- Never guess amounts, dates or policy details: they come from the tools or not at all.
- If the caller is upset, acknowledge it once, then move to what you can do.
- Revision ${version} of this skill; earlier revisions are archived.

## Notes
${notes}
`;
}

function skillTools(i: number): Array<Record<string, unknown>> {
  const tools: Array<Record<string, unknown>> = [
    {
      name: `${toolPrefix(i)}_lookup`,
      description: `Looks up what the account of {{caller}} holds about ${TOPICS[i % TOPICS.length]}.`,
      parameters: {
        type: "object",
        properties: {
          account: { type: "string", description: "The account email or phone number the caller gave." },
          reference: { type: "string", description: "An order, booking or ticket reference, if any." },
        },
        required: ["account"],
      },
      webhookUrl: `https://hooks.example.com/skills/${skillName(i)}/lookup`,
    },
  ];
  if (i % 2 === 1) {
    tools.push({
      name: `${toolPrefix(i)}_update`,
      description: "Applies the change the caller confirmed.",
      parameters: {
        type: "object",
        properties: { account: { type: "string" }, change: { type: "string", description: "What to change." } },
        required: ["account", "change"],
      },
      webhookUrl: `https://hooks.example.com/skills/${skillName(i)}/update`,
    });
  }
  return tools;
}

export interface SeededAgent {
  id: string;
  /** The published version's entries, in order. */
  entries: Array<{ name: string; pinnedVersionId: string | null; pinnedVersion: number | null }>;
}

/** Which part of the registry one insert makes: skills and agents by index, entries drawn from `skillPool`. */
export interface Shape {
  skillFrom: number;
  skills: number;
  versionsPerSkill: number;
  agentFrom: number;
  agents: number;
  /** Entries name skills 0 … skillPool − 1; pinned only to versions this shape (or an earlier one) made. */
  skillPool: number;
  seed: number;
}

/** Today's size (the 1× of the 10× registry bench): 1,000 skills × 10 versions, 2,000 agents × 5 versions. */
export const TODAY: Shape = {
  skillFrom: 0,
  skills: SKILLS,
  versionsPerSkill: VERSIONS_PER_SKILL,
  agentFrom: 0,
  agents: AGENTS,
  skillPool: SKILLS,
  seed: 4,
};

/**
 * What makes today's registry 10× (10,000 skills, 100,000 agent versions): 9,000 more skills (2 versions each, to keep
 * the seed within a minute: the added text is 1.8 versions per skill) and 18,000 more agents × 5 versions, whose
 * entries name any of the 10,000 skills.
 */
export const GROWTH: Shape = {
  skillFrom: SKILLS,
  skills: SKILLS * 9,
  versionsPerSkill: 2,
  agentFrom: AGENTS,
  agents: AGENTS * 9,
  skillPool: SKILLS * 10,
  seed: 5,
};

export interface Seeded {
  agents: SeededAgent[];
  skills: number;
  skillVersions: number;
  agentVersions: number;
  entries: number;
  pinned: number;
  seconds: number;
}

type Column = [name: string, pgType: string];
type Table = { name: string; columns: Column[]; rows: unknown[][]; batch?: number };

/** Version ids of the skills made so far (pins name them), by skill index. */
export type VersionIds = Map<number, string[]>;

/** The rows of one shape, under `projectId`. */
export function generate(
  projectId: string,
  shape: Shape,
  versionIds: VersionIds,
): { tables: Table[]; seeded: Omit<Seeded, "seconds"> } {
  const random = seededRandom(shape.seed);
  const now = Date.now() - 86_400_000;
  const skillRows: unknown[][] = [];
  const versionRows: unknown[][] = [];
  const tools = (i: number) => {
    const checked = checkTools(skillTools(i) as never);
    if (checked.problems.length > 0) throw new Error(`seeded tools of ${skillName(i)}: ${JSON.stringify(checked)}`);
    return JSON.stringify(
      checked.tools.map((t) => ({
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        webhookUrl: t.webhookUrl,
        sealedSecret: null,
      })),
    );
  };
  for (let i = shape.skillFrom; i < shape.skillFrom + shape.skills; i++) {
    const skillId = randomUUID();
    const ids = Array.from({ length: shape.versionsPerSkill }, () => randomUUID());
    versionIds.set(i, ids);
    skillRows.push([skillId, projectId, skillName(i), shape.versionsPerSkill, ids.at(-1), now]);
    const toolsJson = tools(i);
    for (let v = 1; v <= shape.versionsPerSkill; v++) {
      const parsed = parseSkillMd(skillMdText(i, v));
      if (parsed.problems.length > 0 || parsed.name !== skillName(i)) {
        throw new Error(`seeded skill ${skillName(i)} v${v} is not valid: ${JSON.stringify(parsed)}`);
      }
      const at = now + i * 100 + v;
      const published = v === shape.versionsPerSkill;
      versionRows.push([
        ids[v - 1],
        projectId,
        skillId,
        skillName(i),
        v,
        published ? "published" : "archived",
        parsed.description,
        parsed.skillMd,
        parsed.instructions,
        JSON.stringify(parsed.frontmatter),
        JSON.stringify(parsed.warnings),
        toolsJson,
        "[]",
        "bench",
        at,
        at,
        at,
        published ? null : at + 1,
      ]);
    }
  }

  const agents: SeededAgent[] = [];
  const agentRows: unknown[][] = [];
  const agentVersionRows: unknown[][] = [];
  const entryRows: unknown[][] = [];
  let pinned = 0;
  const agentTools = JSON.stringify([
    {
      name: "transfer_to_human",
      description: "Transfers {{caller}} to a human colleague.",
      parameters: { type: "object", properties: { reason: { type: "string" } }, required: ["reason"] },
      webhookUrl: "https://hooks.example.com/agents/transfer",
      sealedSecret: null,
    },
  ]);
  for (let a = shape.agentFrom; a < shape.agentFrom + shape.agents; a++) {
    const agentId = randomUUID();
    const ids = Array.from({ length: VERSIONS_PER_AGENT }, () => randomUUID());
    agentRows.push([agentId, projectId, VERSIONS_PER_AGENT, ids[VERSIONS_PER_AGENT - 1], agentName(a), now]);
    for (let v = 1; v <= VERSIONS_PER_AGENT; v++) {
      const published = v === VERSIONS_PER_AGENT;
      const at = now + 200_000 + a * 10 + v;
      const prompt =
        `You are ${agentName(a)}, the voice assistant of Acme Services. You are speaking with {{caller}}.\n` +
        `Be warm and brief: two or three sentences per turn, no lists, no markdown. When the caller's need ` +
        `matches one of your skills, load it before answering. Never invent account details. If you cannot ` +
        `help, offer to transfer the caller to a human colleague. (revision ${v})`;
      agentVersionRows.push([
        ids[v - 1],
        projectId,
        agentId,
        v,
        published ? "published" : "archived",
        agentName(a),
        null,
        "cascade",
        prompt,
        MAX_LOADED,
        agentTools,
        "[]",
        null,
        "[]",
        "[]",
        "[]",
        "bench",
        at,
        at,
        at,
        published ? null : at + 1,
      ]);
      const count = MIN_ENTRIES + Math.floor(random() * (MAX_ENTRIES - MIN_ENTRIES + 1));
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(Math.floor(random() * shape.skillPool));
      const entries = [...chosen].map((s) => {
        const versions = versionIds.get(s);
        const pin = versions && random() < PIN_SHARE ? 1 + Math.floor(random() * (versions.length - 1)) : null;
        return { name: skillName(s), pinnedVersionId: pin ? versions![pin - 1]! : null, pinnedVersion: pin };
      });
      entries.forEach((e, position) => entryRows.push([ids[v - 1], position, projectId, e.name, e.pinnedVersionId]));
      if (published) {
        agents.push({ id: agentId, entries });
        pinned += entries.filter((e) => e.pinnedVersionId).length;
      }
    }
  }
  const tables: Table[] = [
    {
      name: "skills",
      columns: [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["name", "varchar"],
        ["last_version", "int"],
        ["live_version_id", "varchar"],
        ["created_at", "bigint"],
      ],
      rows: skillRows,
    },
    {
      name: "skill_versions",
      columns: [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["skill_id", "varchar"],
        ["name", "varchar"],
        ["version", "int"],
        ["state", "varchar"],
        ["description", "text"],
        ["skill_md", "text"],
        ["instructions", "text"],
        ["frontmatter", "text"],
        ["warnings", "text"],
        ["tools", "text"],
        ["knowledge_bases", "text"],
        ["created_by", "varchar"],
        ["created_at", "bigint"],
        ["updated_at", "bigint"],
        ["published_at", "bigint"],
        ["archived_at", "bigint"],
      ],
      rows: versionRows,
    },
    {
      name: "agents",
      columns: [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["last_version", "int"],
        ["live_version_id", "varchar"],
        ["gateway_name", "varchar"],
        ["created_at", "bigint"],
      ],
      rows: agentRows,
    },
    {
      name: "agent_versions",
      columns: [
        ["id", "varchar"],
        ["project_id", "varchar"],
        ["agent_id", "varchar"],
        ["version", "int"],
        ["state", "varchar"],
        ["name", "varchar"],
        ["alias", "varchar"],
        ["mode", "varchar"],
        ["prompt", "text"],
        ["max_loaded_skills", "int"],
        ["tools", "text"],
        ["knowledge_base_ids", "text"],
        ["model", "text"],
        ["mcp_servers", "text"],
        ["handoff_targets", "text"],
        ["warnings", "text"],
        ["created_by", "varchar"],
        ["created_at", "bigint"],
        ["updated_at", "bigint"],
        ["published_at", "bigint"],
        ["archived_at", "bigint"],
      ],
      rows: agentVersionRows,
    },
    {
      name: "agent_skill_entries",
      columns: [
        ["agent_version_id", "varchar"],
        ["position", "int"],
        ["project_id", "varchar"],
        ["name", "varchar"],
        ["pinned_version_id", "varchar"],
      ],
      rows: entryRows,
      batch: 10_000,
    },
  ];
  return {
    tables,
    seeded: {
      agents,
      skills: skillRows.length,
      skillVersions: versionRows.length,
      agentVersions: agentVersionRows.length,
      entries: entryRows.length,
      pinned,
    },
  };
}

/** Multi-row inserts through unnest(): one statement per batch, all in one transaction, then ANALYZE. */
async function insertPostgres(url: string, tables: Table[]): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query("BEGIN");
    for (const { name, columns, rows, batch = 1000 } of tables) {
      const sql =
        `INSERT INTO ${name} (${columns.map(([c]) => c).join(", ")}) ` +
        `SELECT * FROM unnest(${columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})`;
      for (let start = 0; start < rows.length; start += batch) {
        const chunk = rows.slice(start, start + batch);
        await db.query(
          sql,
          columns.map((_, c) => chunk.map((row) => row[c])),
        );
      }
    }
    await db.query("COMMIT");
    await db.query("ANALYZE");
  } finally {
    await db.end();
  }
}

interface RawSqlite {
  prepare(sql: string): { run(...params: unknown[]): unknown };
  transaction(fn: () => void): () => void;
  exec(sql: string): unknown;
}

/** One prepared INSERT per table, every row in one transaction, on the database's own connection; then ANALYZE. */
function insertSqlite(db: Database, tables: Table[]): void {
  const raw = (db.dataSource.driver as unknown as { databaseConnection: RawSqlite }).databaseConnection;
  raw.transaction(() => {
    for (const { name, columns, rows } of tables) {
      const insert = raw.prepare(
        `INSERT INTO ${name} (${columns.map(([c]) => c).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      for (const row of rows) insert.run(...row);
    }
  })();
  raw.exec("ANALYZE");
}

/** Seeds one shape into PostgreSQL (by URL) or SQLite (the open database). */
export async function seed(
  target: { postgresUrl: string } | { sqlite: Database },
  projectId: string,
  shape: Shape = TODAY,
  versionIds: VersionIds = new Map(),
): Promise<Seeded> {
  const started = Date.now();
  const { tables, seeded } = generate(projectId, shape, versionIds);
  if ("postgresUrl" in target) await insertPostgres(target.postgresUrl, tables);
  else insertSqlite(target.sqlite, tables);
  return { ...seeded, seconds: (Date.now() - started) / 1000 };
}
