import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../support/test-app";
import { exportSkillDirectory, importSkillDirectory } from "../../scripts/bundle-client";

const EXAMPLE = path.resolve(__dirname, "..", "..", "..", "examples", "skills", "explain-bill");

function listFiles(dir: string, base = dir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? listFiles(path.join(dir, d.name), base) : [path.relative(base, path.join(dir, d.name))],
    )
    .sort();
}

describeEachDialect("skill folders in and out", (t) => {
  let key: string;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bundle-"));
  beforeAll(async () => {
    key = (await t.project()).adminKey;
  });
  afterAll(async () => {
    fs.rmSync(out, { recursive: true, force: true });
  });

  it("SK-2 a skill folder imports as the next draft and exports back byte for byte; re-importing makes no version", async () => {
    const options = { url: t.url, apiKey: key };
    const imported = await importSkillDirectory(options, EXAMPLE);
    expect(imported).toMatchObject({ name: "explain-bill", version: 1, state: "DRAFT" });
    const folder = await exportSkillDirectory(options, imported.id, out);
    expect(listFiles(folder)).toEqual(listFiles(EXAMPLE));
    for (const file of listFiles(EXAMPLE)) {
      expect(fs.readFileSync(path.join(folder, file), "utf8")).toBe(
        fs.readFileSync(path.join(EXAMPLE, file), "utf8").replace(/\r\n/g, "\n"),
      );
    }
    const again = await importSkillDirectory(options, folder);
    expect(again.id).toBe(imported.id);
    expect(again.warnings.join(" ")).toMatch(/identical/);
  });

  it("SK-2 a folder with a path problem is refused before anything is sent", async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bad-"));
    const skill = path.join(bad, "other-name");
    fs.mkdirSync(skill);
    fs.writeFileSync(path.join(skill, "SKILL.md"), "---\nname: not-the-folder\ndescription: x\n---\nbody\n");
    await expect(importSkillDirectory({ url: t.url, apiKey: key }, skill)).rejects.toThrow(/name/);
    fs.rmSync(bad, { recursive: true, force: true });
  });
});
