import { describe, expect, it } from "vitest";
import type { TextRule } from "./rule";
import { MAX_FINDINGS, reviewSkill, TEXT_RULES } from "./scanner";

// SEC-25: no rule can backtrack catastrophically. By construction — every pattern starts each attempt at a literal
// or a class and uses bounded quantifiers only, so an attempt reads a bounded window and a pass is linear — and by
// running every rule over hostile inputs of the largest allowed bundle (200 files, 8 MiB; SKILL.md 256 KiB).

/** The quantifiers of a pattern outside character classes: `*`, `+` and `{n,}` are unbounded. */
function unboundedQuantifiers(source: string): string[] {
  const found: string[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      continue;
    }
    if (ch === "[") inClass = true;
    else if (ch === "*" || ch === "+") found.push(`${ch} at ${i}`);
    else if (ch === "{" && /^\{\d+,\}/.test(source.slice(i))) found.push(`{n,} at ${i}`);
  }
  return found;
}

/** Near misses of every rule: the prefixes the patterns start with, repeated with no end in sight. */
const NEAR_MISSES = [
  "curl ",
  "wget -qO- x ",
  "| ",
  'bash -c "$(',
  "iex ",
  "exec(",
  "eval(",
  "base64 -d ",
  "powershell -enc ",
  "nc -e ",
  "/dev/tcp/",
  "mkfifo ",
  "socat ",
  "socket.socket(",
  ".connect(",
  "cat ~/.ssh/",
  "~/.aws/credentials ",
  "security ",
  "crontab -l ",
  ">> ~/.bashrc ",
  "reg add ",
  "schtasks ",
  "ignore all previous ",
  "do not tell the ",
  "send the ",
  "conversation ",
  "![a](https://x.example/?",
  "note to the ai ",
  "mark this as ",
  'api_key = "',
  "http://",
  "https://1.2.3.",
  "xn--",
  "<!--",
  '<div style="',
  "always use ",
  "ignore other ",
  "\u200B",
  "\u202E",
  "\u{E0041}",
  "p\u0430",
  " ",
  "\t",
  "-",
].join("");

/** Exactly at most `bytes` of UTF-8 (whole characters only). */
function hostileBytes(bytes: number, seed: number): Uint8Array {
  const out = new Uint8Array(bytes);
  const { written } = new TextEncoder().encodeInto(hostileText(bytes, seed), out);
  return out.slice(0, written);
}

function hostileText(bytes: number, seed: number): string {
  const rotated = NEAR_MISSES.slice(seed % NEAR_MISSES.length) + NEAR_MISSES.slice(0, seed % NEAR_MISSES.length);
  // One file is one enormous line, the next many short ones: both shapes of padding.
  const unit = seed % 2 === 0 ? rotated : rotated.replaceAll(" ", "\n");
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

describe("SEC-25 linear-time rules", () => {
  it("SEC-25 no rule pattern has an unbounded quantifier (each attempt reads a bounded window)", () => {
    for (const rule of TEXT_RULES) {
      for (const pattern of rule.patterns)
        expect(unboundedQuantifiers(pattern.source), `${rule.id}: /${pattern.source}/`).toEqual([]);
    }
  });

  it("SEC-25 the checker itself sees unbounded quantifiers", () => {
    expect(unboundedQuantifiers("a+b")).toHaveLength(1);
    expect(unboundedQuantifiers("(a|b)*")).toHaveLength(1);
    expect(unboundedQuantifiers("a{2,}")).toHaveLength(1);
    expect(unboundedQuantifiers("[+*]{0,3}\\+")).toEqual([]);
  });

  it("SEC-25 the largest allowed bundle of near misses is reviewed whole, with bounded findings", async () => {
    const perFile = Math.floor((8 * 1024 * 1024) / 200);
    const files = Array.from({ length: 200 }, (_, i) => ({
      path: `references/f${i}.md`,
      content: hostileBytes(perFile, i),
    }));
    const body = new TextDecoder().decode(hostileBytes(256 * 1024 - 40, 7));
    const skillMd = `---\nname: big\ndescription: d\n---\n${body}`;
    // a rule that only counts what it is given: every character of every file reaches the rules
    let seen = 0;
    const counter: TextRule = {
      id: "counter",
      family: "test",
      severity: "LOW",
      scope: "all",
      message: "",
      patterns: [],
      find: (text) => ((seen += text.length), []),
    };
    const review = await reviewSkill({ skillMd, files }, { rules: [...TEXT_RULES, counter] });
    const texts = files.reduce((sum, f) => sum + new TextDecoder().decode(f.content).length, 0);
    expect(seen).toBe(skillMd.length + texts);
    expect(review.findings.filter((f) => f.rule === "scanner-error" || f.rule === "over-limit")).toEqual([]);
    // the findings are bounded: at most 50 matches a rule and a file, 500 in all (the rest counted in one finding)
    expect(review.findings.length).toBeLessThanOrEqual(MAX_FINDINGS);
    expect(review.findings.at(-1)).toMatchObject({ rule: "finding-limit", severity: "HIGH" });
    expect(review.highest).toBe("CRITICAL");
  }, 120_000);
});
