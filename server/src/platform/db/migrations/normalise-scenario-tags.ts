import type { QueryRunner } from "typeorm";

/*
 * Scenario tags saved before tags were normalised are brought to the stored form: trimmed, NFKC, each once, in their
 * first order (the form saveEvalScenario stores, so `skill:café` saved composed or decomposed is one tag and the
 * `tag` filter finds it). The rule is written here and not imported: a migration keeps doing what it did when it was
 * written, whatever the module's code becomes. Rows are read in pages by id; only changed rows are written.
 */
const PAGE = 500;

export function normalisedTags(tags: readonly unknown[]): string[] {
  const kept = tags.filter((tag): tag is string => typeof tag === "string").map((tag) => tag.trim().normalize("NFKC"));
  return [...new Set(kept.filter((tag) => tag !== ""))];
}

export async function normaliseScenarioTags(runner: QueryRunner, placeholder: (n: number) => string): Promise<void> {
  let after = "";
  for (;;) {
    const rows = (await runner.query(
      `SELECT "id", "tags" FROM "eval_scenarios" WHERE "id" > ${placeholder(1)} ORDER BY "id" LIMIT ${PAGE}`,
      [after],
    )) as Array<{ id: string; tags: string }>;
    for (const row of rows) {
      const stored = JSON.parse(row.tags) as unknown;
      if (!Array.isArray(stored)) continue;
      const tags = JSON.stringify(normalisedTags(stored));
      if (tags !== row.tags) {
        await runner.query(`UPDATE "eval_scenarios" SET "tags" = ${placeholder(1)} WHERE "id" = ${placeholder(2)}`, [
          tags,
          row.id,
        ]);
      }
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}
