import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { entities } from "../../entities";
import { Database, type Dialect } from "../../platform/db/database";
import { createScratchPostgres } from "../../platform/db/scratch-postgres";
import { parseSigningKey } from "../../platform/signing-key";
import { publishSkill } from "../../../test/support/calls";
import { fetchJwks, verifyAgainst } from "../../../test/support/provenance";
import { describeEachDialect, startTestApp, testCredentials } from "../../../test/support/test-app";

async function sharedDatabase(dialect: Dialect): Promise<{ open(): Promise<Database>; drop(): Promise<void> }> {
  if (dialect === "postgres") {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
    return { open: () => Database.open({ url: scratch.url, entities }), drop: scratch.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-keys-"));
  return {
    open: () => Database.open({ url: undefined, sqlitePath: path.join(dir, "db.sqlite"), entities }),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const ATTESTATION = `query($id: ID!) { skillVersion(id: $id) { attestation } }`;

describeEachDialect.withOwnApps("PV-1 key rotation", (dialect) => {
  it("PV-1 restarted with a new SIGNING_KEY on the same database: the old attestation still verifies through the JWKS, new ones use the new kid", async () => {
    const shared = await sharedDatabase(dialect);
    const credentials = testCredentials();
    const rotatedSeed = randomBytes(32).toString("base64");
    const [oldKid, newKid] = [credentials.signingKey, rotatedSeed].map((k) => parseSigningKey(k).kid);
    try {
      const first = await startTestApp(await shared.open(), { credentials });
      const project = await first.project("rotation");
      const v1 = await publishSkill(first, project.adminKey, "rotated", { body: "Before the rotation." });
      const old = (
        await first.ok<{ skillVersion: { attestation: unknown } }>(ATTESTATION, { id: v1 }, project.adminKey)
      ).skillVersion.attestation;
      expect((await fetchJwks(first.url)).map((k) => k.kid)).toEqual([oldKid]);
      await first.close();

      const second = await startTestApp(await shared.open(), {
        credentials: { ...credentials, signingKey: rotatedSeed },
      });
      try {
        expect((await fetchJwks(second.url)).map((k) => k.kid)).toEqual([oldKid, newKid]);
        const before = await verifyAgainst(second.url, old);
        expect(before.ok && before.kid).toBe(oldKid);
        const v2 = await publishSkill(second, project.adminKey, "rotated", { body: "After the rotation." });
        const fresh = (
          await second.ok<{ skillVersion: { attestation: unknown } }>(ATTESTATION, { id: v2 }, project.adminKey)
        ).skillVersion.attestation;
        const after = await verifyAgainst(second.url, fresh);
        expect(after.ok && after.kid).toBe(newKid);
        // a second instance (or restart) with the same key adds nothing to the set
        const third = await startTestApp(await shared.open(), {
          credentials: { ...credentials, signingKey: rotatedSeed },
        });
        expect((await fetchJwks(third.url)).map((k) => k.kid)).toEqual([oldKid, newKid]);
        await third.close();
      } finally {
        await second.close();
      }
    } finally {
      await shared.drop();
    }
  });
});
