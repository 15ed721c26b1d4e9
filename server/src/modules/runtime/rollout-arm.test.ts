import { describe, expect, it } from "vitest";
import { applyRollouts, rolloutArm, rolloutBucket, type RolloutShare } from "./rollout-arm";
import { catalogVersion } from "../../../test/support/runtime-fixtures";
import type { ResolvedSkill } from "./types";

const ROLLOUT = "6f1c2d9e-0000-4000-8000-000000000001";
const keys = Array.from({ length: 1000 }, (_, i) => `caller-${i}`);

describe("rollout arm (RO-2)", () => {
  it("RO-2 a bucket is stable: the same (rollout, key) gives the same bucket every time, in [0, 100)", () => {
    for (const key of keys) {
      const bucket = rolloutBucket(ROLLOUT, key);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
      expect(Number.isInteger(bucket)).toBe(true);
      expect(rolloutBucket(ROLLOUT, key)).toBe(bucket);
    }
    // pinned values: a change of the hash would move callers between arms on upgrade
    expect([rolloutBucket(ROLLOUT, "a"), rolloutBucket(ROLLOUT, "caller-1"), rolloutBucket("r", "")]).toEqual([
      70, 26, 8,
    ]);
  });

  it("RO-2 stickiness over 1,000 keys: each key keeps its arm at a given percentage, asked again and again", () => {
    for (const percent of [5, 25, 50]) {
      const first = keys.map((k) => rolloutArm(ROLLOUT, k, percent));
      for (let round = 0; round < 3; round++) expect(keys.map((k) => rolloutArm(ROLLOUT, k, percent))).toEqual(first);
    }
  });

  it("RO-2 monotonicity over 1,000 keys: raising the percentage only moves keys from live to candidate", () => {
    const steps = [0, 1, 5, 10, 25, 50, 75, 99, 100];
    let previous = keys.map(() => "live");
    for (const percent of steps) {
      const arms = keys.map((k) => rolloutArm(ROLLOUT, k, percent));
      arms.forEach((arm, i) => {
        if (previous[i] === "candidate") expect(arm).toBe("candidate");
      });
      previous = arms;
    }
    expect(keys.every((k) => rolloutArm(ROLLOUT, k, 0) === "live")).toBe(true);
    expect(keys.every((k) => rolloutArm(ROLLOUT, k, 100) === "candidate")).toBe(true);
  });

  it("RO-2 the candidate's share of 1,000 keys is close to the percentage, and differs per rollout", () => {
    for (const percent of [5, 25, 50]) {
      const share = keys.filter((k) => rolloutArm(ROLLOUT, k, percent) === "candidate").length / keys.length;
      expect(Math.abs(share - percent / 100)).toBeLessThan(0.05);
    }
    const other = keys.filter((k) => rolloutBucket(ROLLOUT, k) !== rolloutBucket("another-rollout", k)).length;
    expect(other).toBeGreaterThan(900);
  });
});

describe("applyRollouts (RO-2)", () => {
  const live = catalogVersion("explain_bill", 2);
  const candidate = catalogVersion("explain_bill", 3, { state: "draft" });
  const other = catalogVersion("verify_identity", 1);
  const share = (percent: number): RolloutShare => ({
    rolloutId: ROLLOUT,
    name: "explain_bill",
    percent,
    liveVersionId: live.id,
    candidate,
  });
  const followLive: ResolvedSkill[] = [
    { ...live, pinned: false },
    { ...other, pinned: false },
  ];

  it("RO-2 a follow-live entry in the candidate's share gets the candidate, and records the rollout and arm", () => {
    const key = keys.find((k) => rolloutBucket(ROLLOUT, k) < 50)!;
    const [first, second] = applyRollouts(followLive, [share(50)], key);
    expect(first).toEqual({ ...candidate, pinned: false, rollout: { rolloutId: ROLLOUT, arm: "candidate" } });
    expect(second).toEqual({ ...other, pinned: false });
  });

  it("RO-2 a key outside the share keeps live and records the live arm", () => {
    const key = keys.find((k) => rolloutBucket(ROLLOUT, k) >= 50)!;
    const [first] = applyRollouts(followLive, [share(50)], key);
    expect(first).toEqual({ ...live, pinned: false, rollout: { rolloutId: ROLLOUT, arm: "live" } });
  });

  it("RO-2 pinned entries are untouched, even at 100 %", () => {
    const pinned: ResolvedSkill[] = [{ ...live, pinned: true }];
    for (const key of keys.slice(0, 100)) expect(applyRollouts(pinned, [share(100)], key)).toEqual(pinned);
  });

  it("RO-2 no key (an eval), no rollout, or a live version other than the rollout's: untouched", () => {
    expect(applyRollouts(followLive, [share(100)], null)).toEqual(followLive);
    expect(applyRollouts(followLive, [], "k")).toEqual(followLive);
    expect(applyRollouts(followLive, [{ ...share(100), liveVersionId: "another" }], "k")).toEqual(followLive);
  });
});
