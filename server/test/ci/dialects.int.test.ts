import { describe, expect, it } from "vitest";
import { selectDialects } from "../support/test-app";

const URL = "postgres://postgres@127.0.0.1:5432/test";

describe("the dialects a run selects", () => {
  it("SQLite alone without TEST_DATABASE_URL, both with it", () => {
    expect(selectDialects({})).toEqual(["sqlite"]);
    expect(selectDialects({ TEST_DATABASE_URL: URL })).toEqual(["sqlite", "postgres"]);
  });

  it("TEST_DIALECTS selects one half, so the SQLite and PostgreSQL halves can run as two processes", () => {
    expect(selectDialects({ TEST_DATABASE_URL: URL, TEST_DIALECTS: "postgres" })).toEqual(["postgres"]);
    expect(selectDialects({ TEST_DATABASE_URL: URL, TEST_DIALECTS: "sqlite" })).toEqual(["sqlite"]);
    expect(selectDialects({ TEST_DATABASE_URL: URL, TEST_DIALECTS: "postgres, sqlite" })).toEqual([
      "sqlite",
      "postgres",
    ]);
  });

  it("PostgreSQL asked for without TEST_DATABASE_URL is dropped, or fails under CI_REQUIRE_ALL=1; an unknown name fails", () => {
    expect(selectDialects({ TEST_DIALECTS: "postgres" })).toEqual([]);
    expect(() => selectDialects({ TEST_DIALECTS: "postgres", CI_REQUIRE_ALL: "1" })).toThrow(/TEST_DATABASE_URL/);
    expect(() => selectDialects({ TEST_DIALECTS: "mysql" })).toThrow(/mysql/);
  });
});
