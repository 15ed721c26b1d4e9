import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cpuQuota, parseCfsQuota, parseCpuMax } from "./cpu-quota";

const dirs: string[] = [];
/** A cgroup tree of `files` (path → content) and the /proc/self/cgroup it goes with. */
function cgroups(procSelfCgroup: string, files: Record<string, string>): [string, string] {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sg-cgroup-"));
  dirs.push(root);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, "sys", file)), { recursive: true });
    fs.writeFileSync(path.join(root, "sys", file), content);
  }
  fs.writeFileSync(path.join(root, "cgroup"), procSelfCgroup);
  return [path.join(root, "sys"), path.join(root, "cgroup")];
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("cpuQuota", () => {
  it("CT-2 reads cgroup v2's cpu.max: a quota in CPUs, none for 'max'", () => {
    expect(parseCpuMax("150000 100000\n")).toBe(1.5);
    expect(parseCpuMax("max 100000\n")).toBeNull();
    expect(parseCpuMax("")).toBeNull();
    expect(cpuQuota(...cgroups("0::/\n", { "cpu.max": "200000 100000\n" }))).toBe(2);
    expect(cpuQuota(...cgroups("0::/kubepods/pod1\n", { "kubepods/pod1/cpu.max": "50000 100000\n" }))).toBe(0.5);
    expect(cpuQuota(...cgroups("0::/\n", { "cpu.max": "max 100000\n" }))).toBeNull();
  });

  it("CT-2 reads cgroup v1's cfs quota and period (-1: no limit), on a host that also mounts v2", () => {
    expect(parseCfsQuota("-1\n", "100000\n")).toBeNull();
    expect(parseCfsQuota("300000\n", "100000\n")).toBe(3);
    const v1 = "4:memory:/docker/abc\n2:cpu,cpuacct:/docker/abc\n0::/\n";
    expect(
      cpuQuota(
        ...cgroups(v1, {
          "cpu,cpuacct/docker/abc/cpu.cfs_quota_us": "100000\n",
          "cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000\n",
        }),
      ),
    ).toBe(1);
    expect(
      cpuQuota(...cgroups("1:cpu:/\n", { "cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n" })),
    ).toBeNull();
  });

  it("CT-2 answers none where nothing can be read", () => {
    expect(cpuQuota(...cgroups("", {}))).toBeNull();
    expect(cpuQuota("/nonexistent/cgroup", "/nonexistent/self/cgroup")).toBeNull();
  });
});
