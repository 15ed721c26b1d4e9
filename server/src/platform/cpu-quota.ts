import fs from "node:fs";
import path from "node:path";

/**
 * The CPUs a CFS quota lets this process use (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`), or
 * null when there is none or it cannot be read. A container limited by a quota (`docker run --cpus=1`, a Kubernetes CPU
 * limit) still sees every core of its host through `os.availableParallelism()`, which counts only the cpuset.
 */
export function cpuQuota(root = "/sys/fs/cgroup", cgroupFile = "/proc/self/cgroup"): number | null {
  const groups = readText(cgroupFile) ?? "";
  // v2: "0::/path"; in a container with its own cgroup namespace the path is "/"
  const unified = /^0::(.*)$/m.exec(groups)?.[1];
  for (const dir of unified === undefined ? [""] : [unified, ""]) {
    const max = readText(path.join(root, dir, "cpu.max"));
    if (max !== null) return parseCpuMax(max);
  }
  // v1: "N:cpu,cpuacct:/path", mounted at cpu, cpu,cpuacct or cpuacct,cpu
  const v1 = /^\d+:([^:]*\bcpu\b[^:]*):(.*)$/m.exec(groups);
  const mounts = v1 ? [v1[1]!, "cpu", "cpu,cpuacct"] : ["cpu", "cpu,cpuacct"];
  for (const mount of mounts)
    for (const dir of v1 ? [v1[2]!, ""] : [""]) {
      const quota = readText(path.join(root, mount, dir, "cpu.cfs_quota_us"));
      const period = readText(path.join(root, mount, dir, "cpu.cfs_period_us"));
      if (quota !== null && period !== null) return parseCfsQuota(quota, period);
    }
  return null;
}

/** cgroup v2's `cpu.max`: "max 100000" (no limit) or "<quota> <period>" in microseconds. */
export function parseCpuMax(text: string): number | null {
  const [quota, period] = text.trim().split(/\s+/);
  return quota === "max" || quota === undefined ? null : cpus(Number(quota), Number(period ?? 100_000));
}

/** cgroup v1's quota (-1: no limit) and period, in microseconds. */
export function parseCfsQuota(quota: string, period: string): number | null {
  return cpus(Number(quota.trim()), Number(period.trim()));
}

function cpus(quota: number, period: number): number | null {
  return Number.isFinite(quota) && Number.isFinite(period) && quota > 0 && period > 0 ? quota / period : null;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
