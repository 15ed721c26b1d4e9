import { afterEach, expect, it } from "vitest";
import { startPrivateRedis } from "../support/private-redis";
import { describeEachDialect, createTestApp, type TestApp } from "../support/test-app";

const md = (version: string) =>
  `---\nname: outage-skill\ndescription: Used while the bus is down (${version}).\n---\nBody ${version}.`;

describeEachDialect.withOwnApps("the invalidation bus goes away", (dialect) => {
  let t: TestApp | undefined;
  let redis: { stop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await t?.close();
    await redis?.stop();
  });

  it("SEC-19 a publish that committed is reported as done although Redis is down", async () => {
    const server = await startPrivateRedis();
    redis = server;
    t = await createTestApp(dialect, { redisUrl: server.url });
    const { adminKey } = await t.project();
    const publish = async (version: string) => {
      const created = await t!.ok<{ createSkillVersion: { id: string } }>(
        `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
        { md: md(version) },
        adminKey,
      );
      return t!.gql<{ publishSkillVersion: { state: string } }>(
        `mutation($id: ID!) { publishSkillVersion(id: $id) { state } }`,
        { id: created.createSkillVersion.id },
        adminKey,
      );
    };
    expect((await publish("v1")).data?.publishSkillVersion.state).toBe("PUBLISHED");
    await server.stop();
    const during = await publish("v2");
    expect(during.errors).toBeUndefined();
    expect(during.data?.publishSkillVersion.state).toBe("PUBLISHED");
    const live = await t.ok<{ skills: { items: Array<{ description: string }> } }>(
      `{ skills(name: "outage-skill", state: PUBLISHED) { items { description } } }`,
      {},
      adminKey,
    );
    expect(live.skills.items.map((s) => s.description)).toEqual(["Used while the bus is down (v2)."]);
  }, 60_000);
});
