import { describe, expect, it } from "vitest";
import { discoveryOmission } from "./discovery-notice";

describe("the discovery index's omissions in the console (PV-4)", () => {
  it("PV-4 says why a skill is left out: a name the format does not allow, or a description too long", () => {
    expect(discoveryOmission({ name: "pdf-tools", description: "d" })).toBeNull();
    for (const name of ["snake_case", "café-notes", "two--hyphens", "a".repeat(65)])
      expect(discoveryOmission({ name, description: "d" }), name).toMatch(/name/);
    expect(discoveryOmission({ name: "pdf", description: "x".repeat(1025) })).toMatch(/description/);
  });
});
