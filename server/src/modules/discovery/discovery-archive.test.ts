import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { omittedBecause, sha256Digest, skillArchive } from "./discovery-archive";

const md = "---\nname: pdf\ndescription: Use for PDFs.\n---\n\nSteps.\n";
const files = [
  { path: "scripts/run.sh", content: new TextEncoder().encode("#!/bin/sh\necho hi\n") },
  { path: "references/A.md", content: new TextEncoder().encode("# A\n") },
];

/** The digest of skillArchive(md, files), computed once; every time zone must give it (run with TZ=… to see). */
const KNOWN_DIGEST = "sha256:e2c9441c47d8abb41de6d56b46f62f137a5797504964bbeed4663ebc94b0b787";

describe("the discovery archive (PV-4)", () => {
  it("PV-4 the same skill gives the same bytes, whatever the order of its files or the time it is built", async () => {
    const first = skillArchive(md, files);
    await new Promise((ok) => setTimeout(ok, 1100));
    const second = skillArchive(md, [...files].reverse());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(sha256Digest(second)).toBe(sha256Digest(first));
    expect(sha256Digest(first)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("PV-4 the archive's root is the skill's folder: SKILL.md and the files at their paths, nothing else", () => {
    const unpacked = unzipSync(skillArchive(md, files));
    expect(Object.keys(unpacked)).toEqual(["SKILL.md", "references/A.md", "scripts/run.sh"]);
    expect(new TextDecoder().decode(unpacked["SKILL.md"])).toBe(md);
    expect(new TextDecoder().decode(unpacked["scripts/run.sh"])).toBe("#!/bin/sh\necho hi\n");
  });

  it("PV-4 the bytes do not depend on the machine's time zone (the digest of a known archive is fixed)", () => {
    expect(sha256Digest(skillArchive(md, files))).toBe(KNOWN_DIGEST);
  });

  it("PV-4 a changed byte changes the digest", () => {
    const changed = [{ ...files[0]!, content: new TextEncoder().encode("#!/bin/sh\necho HI\n") }, files[1]!];
    expect(sha256Digest(skillArchive(md, changed))).not.toBe(sha256Digest(skillArchive(md, files)));
  });

  it("PV-4 names the discovery format does not allow are left out, with the reason", () => {
    expect(omittedBecause({ name: "pdf-tools", description: "d" })).toBeNull();
    for (const name of ["PDF", "pdf--tools", "-pdf", "pdf-", "pdf_tools", "a".repeat(65), "café"])
      expect(omittedBecause({ name, description: "d" }), name).toMatch(/name/);
    expect(omittedBecause({ name: "pdf", description: "x".repeat(1025) })).toMatch(/description/);
  });
});
