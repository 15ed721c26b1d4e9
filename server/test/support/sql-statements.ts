import type { TestApp } from "./test-app";

/** The SQL statements the app sends while `fn` runs, read through the data source's logger. */
export async function statementsDuring(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const dataSource = t.app.db.dataSource;
  const original = dataSource.logger;
  const statements: string[] = [];
  const counting: typeof original = Object.create(original);
  counting.logQuery = (query, parameters, runner) => {
    statements.push(query);
    return original.logQuery(query, parameters, runner);
  };
  dataSource.logger = counting;
  try {
    await fn();
  } finally {
    dataSource.logger = original;
  }
  return statements;
}

/** The table a statement reads from (TypeORM's quoted or one written by hand), its subqueries left out. */
export function firstTable(sql: string): string | undefined {
  let outer = sql;
  for (let inner = ""; inner !== outer;) [inner, outer] = [outer, outer.replace(/\([^()]*\)/g, "")];
  return /FROM\s+"?(\w+)"?/i.exec(outer)?.[1];
}
