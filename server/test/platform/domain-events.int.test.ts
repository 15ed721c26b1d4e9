import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CallRecorded } from "../../src/modules/calls";
import { SkillLiveMoved } from "../../src/modules/skills";
import { createLogger } from "../../src/platform/logger";
import { skillMd } from "../support/skill-md";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";

/**
 * SEC-19: the domain events of a change reach their listeners only once it committed, each listener on its own: one
 * that fails is logged with the event and the request id, the others still run, and the change still answers.
 */

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  requestId?: string;
  err?: { message?: string };
}

function capture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

describeEachDialect.withOwnApps("domain events", (dialect) => {
  let t: TestApp;
  let log: ReturnType<typeof capture>;
  let key: string;
  let projectId: string;
  const heard: string[] = [];

  beforeAll(async () => {
    log = capture();
    t = await createTestApp(dialect, {}, { logger: log.logger });
    ({ adminKey: key, id: projectId } = await t.project("Events"));
    // Registered after the app's own listeners: the first of these two fails, the second must still hear.
    t.app.events.on(SkillLiveMoved, (moved) => {
      heard.push(`failing:${moved.name}`);
      throw new Error("this listener is down");
    });
    t.app.events.on(SkillLiveMoved, (moved) => {
      heard.push(`next:${moved.name}`);
    });
    t.app.events.on(CallRecorded, (recorded) => {
      heard.push(`recorded:${recorded.callId}`);
    });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    heard.length = 0;
    log.lines.length = 0;
  });

  it("SEC-19 a listener that fails is logged with the event and the request id; the listeners after it still run and the publish answers", async () => {
    const created = await t.ok<{ createSkillVersion: { id: string } }>(
      `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
      { input: { skillMd: skillMd("evented") } },
      key,
    );
    const res = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}`, "x-request-id": "sec19-events" },
      body: JSON.stringify({
        query: `mutation($id: ID!) { publishSkillVersion(id: $id) { id state } }`,
        variables: { id: created.createSkillVersion.id },
      }),
    });
    const body = (await res.json()) as { data?: { publishSkillVersion: { id: string; state: string } }; errors?: [] };
    expect(res.status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.publishSkillVersion).toEqual({ id: created.createSkillVersion.id, state: "PUBLISHED" });
    expect(heard).toEqual(["failing:evented", "next:evented"]);
    const failures = log.lines.filter((l) => l.event === SkillLiveMoved.type);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ requestId: "sec19-events", err: { message: "this listener is down" } });
  });

  it("SEC-19 a transaction that rolls back delivers none of its events; one that commits delivers them after its effects, in the order asked", async () => {
    const failed = t.app.db.write(async (tx) => {
      tx.emit(SkillLiveMoved({ projectId, name: "never" }));
      tx.emit(CallRecorded({ projectId, callId: "never" }));
      throw new Error("rolled back");
    });
    await expect(failed).rejects.toThrow("rolled back");
    expect(heard).toEqual([]);

    await t.app.db.write(async (tx) => {
      tx.emit(CallRecorded({ projectId, callId: "first" }));
      tx.afterCommit(() => {
        heard.push("effect");
      });
      tx.emit(SkillLiveMoved({ projectId, name: "second" }));
    });
    expect(heard).toEqual(["recorded:first", "effect", "failing:second", "next:second"]);
  });
});
