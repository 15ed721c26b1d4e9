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
