import { beforeAll, expect, it } from "vitest";
import { skillMd } from "../../../test/support/skill-md";
import { describeEachDialect } from "../../../test/support/test-app";

const NODE = `query($id: ID!) { node(id: $id) { __typename id } }`;

/** node(id): NotFound is "not this kind, or not yours" (null); every other failure is the answer. */
describeEachDialect("node(id)", (t) => {
  let key: string;
  let other: string;
  let versionId: string;

  beforeAll(async () => {
    key = (await t.project("Nodes")).adminKey;
    other = (await t.project("Other nodes")).adminKey;
    versionId = (
      await t.ok<{ createSkillVersion: { id: string } }>(
        `mutation($input: SkillVersionInput!) { createSkillVersion(input: $input) { id } }`,
        { input: { skillMd: skillMd("noded") } },
        key,
      )
    ).createSkillVersion.id;
  });

  it("SEC-9 node(id) finds the key's own object; another project's object and an unknown id read as null alike", async () => {
    expect((await t.ok(NODE, { id: versionId }, key)).node).toEqual({ __typename: "SkillVersion", id: versionId });
    expect((await t.ok(NODE, { id: versionId }, other)).node).toBeNull();
    expect((await t.ok(NODE, { id: "00000000-0000-4000-8000-000000000000" }, key)).node).toBeNull();
  });

  it("SEC-9 node(id) with the empty id reads as null, not as the key's own project", async () => {
    expect((await t.ok(NODE, { id: "" }, key)).node).toBeNull();
    expect((await t.gql(NODE, { id: "" })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("SEC-7 node(id) without a credential is UNAUTHENTICATED, as every other query, not a null", async () => {
    const res = await t.gql(NODE, { id: versionId });
    expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("SEC-20 node(id) while the database is down answers SERVICE_UNAVAILABLE, not a null that reads as 'no such object'", async () => {
    await t.ok(NODE, { id: versionId }, key); // the key is cached: the outage reaches the lookups
    await t.app.db.dataSource.destroy();
    try {
      const res = await t.gql(NODE, { id: versionId }, key);
      expect(res.status).toBe(503);
      expect(res.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await t.app.db.dataSource.initialize();
    }
  });
});
