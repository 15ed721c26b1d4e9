import type { Database } from "../../src/platform/db/database";

/** Every table of the app's database with its columns, on SQLite and on PostgreSQL. */
export async function listTables(db: Database): Promise<Array<{ table: string; columns: string[] }>> {
  const ds = db.dataSource;
  if (db.dialect === "sqlite") {
    const tables = (await ds.query(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )) as Array<{ name: string }>;
    return Promise.all(
      tables.map(async ({ name }) => ({
        table: name,
        columns: ((await ds.query(`PRAGMA table_info("${name}")`)) as Array<{ name: string }>).map((c) => c.name),
      })),
    );
  }
  const columns = (await ds.query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  )) as Array<{ table_name: string; column_name: string }>;
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  return [...byTable].map(([table, cols]) => ({ table, columns: cols }));
}

/** A stored value as every text form it could be searched in. */
function textForms(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Buffer.isBuffer(value)) return [value.toString("utf8"), value.toString("base64"), value.toString("hex")];
  if (value instanceof Date) return [value.toISOString()];
  if (typeof value === "object") return [JSON.stringify(value)];
  return [String(value)];
}

/**
 * Every `table.column` whose stored value contains `needle` as text, as its base64 or as its hex — read with raw
 * queries, every row of every table (so a new table or column is scanned without changing this).
 */
export async function findInDatabase(db: Database, needle: string): Promise<string[]> {
  const forms = [
    needle,
    Buffer.from(needle, "utf8").toString("base64").replace(/=+$/, ""),
    Buffer.from(needle, "utf8").toString("hex"),
  ];
  const found = new Set<string>();
  for (const { table, columns } of await listTables(db)) {
    const rows = (await db.dataSource.query(`SELECT * FROM "${table}"`)) as Array<Record<string, unknown>>;
    for (const row of rows) {
      for (const column of columns) {
        if (textForms(row[column]).some((text) => forms.some((form) => text.includes(form))))
          found.add(`${table}.${column}`);
      }
    }
  }
  return [...found].sort();
}
