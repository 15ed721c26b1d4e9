import { describe, expect, it } from "vitest";
import { publishBlock, shortDigest } from "./publish-block";

describe("publishBlock (AP-1)", () => {
  it("AP-1 no policy or enough current approvals: nothing blocks", () => {
    expect(publishBlock({ requiredApprovals: 0 }, [])).toBeNull();
    expect(publishBlock(null, null)).toBeNull();
    expect(publishBlock({ requiredApprovals: 1 }, [{ current: true }])).toBeNull();
  });

  it("AP-3 only current approvals count: outdated ones do not", () => {
    expect(publishBlock({ requiredApprovals: 2 }, [{ current: true }, { current: false }])).toBe(
      "Needs 2 approvals, has 1",
    );
    expect(publishBlock({ requiredApprovals: 1 }, [{ current: false }])).toBe("Needs 1 approval, has 0");
  });

  it("AP-2 a digest is shown short", () => {
    expect(shortDigest(`sha256:${"ab".repeat(32)}`)).toBe("sha256:abababababab…");
  });
});
