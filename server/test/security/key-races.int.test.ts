import { expect, it } from "vitest";
import { describeEachDialect, type GqlResponse } from "../support/test-app";

const CREATE_KEY = `mutation($role: ApiKeyRole!) { createApiKey(role: $role) { id key } }`;
const REVOKE_KEY = `mutation($id: ID!) { revokeApiKey(id: $id) }`;
const LIST_KEYS = `{ apiKeys { id revokedAt } }`;
const code = (res: GqlResponse) => res.errors?.[0]?.extensions?.code as string | undefined;

describeEachDialect("API keys revoked at once", (t) => {
  it("PJ-2 two admin keys revoking each other at once: one revoke happens, the other key is no longer valid to make its own", async () => {
    const project = await t.project("mutual revoke");
    for (let i = 0; i < 6; i++) {
      const [a, b] = await Promise.all(
        [0, 1].map(
          async () =>
            (await t.ok<{ createApiKey: { id: string; key: string } }>(CREATE_KEY, { role: "ADMIN" }, project.adminKey))
              .createApiKey,
        ),
      );
      const answers = await Promise.all([
        t.gql(REVOKE_KEY, { id: b!.id }, a!.key),
        t.gql(REVOKE_KEY, { id: a!.id }, b!.key),
      ]);
      expect(answers.map((r) => code(r) ?? "OK").sort(), `round ${i}`).toEqual(["OK", "UNAUTHENTICATED"]);
      const keys = await t.ok<{ apiKeys: Array<{ id: string; revokedAt: string | null }> }>(
        LIST_KEYS,
        {},
        project.adminKey,
      );
      const live = keys.apiKeys.filter((k) => (k.id === a!.id || k.id === b!.id) && k.revokedAt === null);
      expect(live, `round ${i}: one of the two keys stays valid`).toHaveLength(1);
    }
  });
});
