import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { ConsoleFrame } from "../pages/console-frame";
import { useConsoleSession } from "../support/session";

const SKILL_MD = [
  "---",
  "name: explain-bill",
  "description: Explains a customer's bill line by line. Use when a caller asks what a charge is.",
  "---",
  "",
  "# Explain the bill",
  "",
  "Read each line of the bill aloud and say what it is for.",
].join("\n");

describe("console journey: a published version says it was signed, by which key, and hands over its attestation (PV-2)", () => {
  const s = useConsoleSession({ journey: "provenance", timeout: 15_000 });
  let admin = "";
  let versionId = "";

  beforeAll(async () => {
    admin = (await s.project("Acme provenance")).key;
    versionId = await s.publishSkill(admin, SKILL_MD);
    await new ConsoleFrame(s.page).signIn(admin);
  });

  it("PV-2 the version page shows 'Signed by this deployment at publish (key …)'; the download is the version's attestation", async () => {
    const { skillVersion } = await s.gql<{
      skillVersion: { attestation: { signatures: Array<{ keyid: string }> } };
    }>(admin, `query($id: ID!) { skillVersion(id: $id) { attestation } }`, { id: versionId });
    const kid = skillVersion.attestation.signatures[0]!.keyid;
    const keys = (await (await fetch(`${s.server.baseUrl}/.well-known/skillgraph/keys.json`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    expect(keys.keys.map((k) => k.kid)).toContain(kid);

    await s.page.goto(`/skills/v/${versionId}`);
    const panel = s.page.getByRole("region", { name: "Provenance" });
    await panel.getByText("Signed by this deployment at publish (key").waitFor();
    expect(await panel.locator("code").first().innerText()).toBe(kid);
    await s.check("00-signed-version");

    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      panel.getByRole("button", { name: "Download attestation" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("explain-bill@1.attestation.json");
    const saved = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(saved).toEqual(skillVersion.attestation);
  });

  it("PV-2 a draft shows no signature panel", async () => {
    const made = await s.gql<{ createSkillVersion: { id: string } }>(
      admin,
      `mutation($md: String!) { createSkillVersion(input: { skillMd: $md }) { id } }`,
      { md: `${SKILL_MD}\n\nThen ask whether anything is unclear.` },
    );
    await s.page.goto(`/skills/v/${made.createSkillVersion.id}`);
    await s.page.getByRole("region", { name: "Approvals" }).waitFor();
    expect(await s.page.getByRole("region", { name: "Provenance" }).count()).toBe(0);
    await s.check("01-draft-unsigned");
  });
});
