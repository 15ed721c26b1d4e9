import { domainToASCII } from "node:url";
import { latinLookalike } from "./confusables";
import { matchAll, type RuleMatch, type TextRule } from "./rule";

// CR-2: URLs that point where a skill has no business sending anyone: a bare address, a disguised host, a service
// made to receive pasted or captured data, or a tunnel into someone's machine.

const URL_PATTERN = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>()[\]{}`\\]{1,2000}/gi;

/** Hosts whose purpose is to receive data from anyone or to publish it anonymously. */
const CAPTURE_OR_PASTE =
  /(?:^|\.)(?:pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.(?:com|co)|rentry\.(?:co|org)|dpaste\.(?:com|org)|termbin\.com|transfer\.sh|file\.io|0x0\.st|ix\.io|sprunge\.us|webhook\.site|requestbin\.(?:com|net)|pipedream\.net|requestcatcher\.com|beeceptor\.com|hookbin\.com|interact\.sh|oast\.(?:fun|me|pro|live|site|online)|burpcollaborator\.net|canarytokens\.com|dnslog\.cn|ceye\.io)$/i;
const TUNNEL =
  /(?:^|\.)(?:ngrok\.io|ngrok-free\.app|ngrok\.app|ngrok\.dev|trycloudflare\.com|serveo\.net|loca\.lt|localtunnel\.me|localhost\.run|lhr\.life|pagekite\.me|telebit\.cloud|bore\.pub)$/i;
const DISCORD_WEBHOOK = /^(?:(?:ptb\.|canary\.)?discord(?:app)?\.com)$/i;

function isPublicIPv4(host: string): boolean {
  const parts = host.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b, c] = parts as [number, number, number, number];
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  // documentation ranges (RFC 5737)
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113))
    return false;
  return true;
}

interface UrlVerdict {
  rule: string;
  severity: RuleMatch["severity"];
  detail: string;
}

function judgeHost(host: string, path: string): UrlVerdict | null {
  // A host ends at the first character no host name has (prose punctuation such as the "…" of "https://…" or of a
  // URL cut short): what comes before it is judged, nothing after.
  const named = host.split(/[^\p{L}\p{M}\p{N}\p{ASCII}]/u, 1)[0] ?? "";
  const bare = named.replace(/:\d{1,5}$/, "").replace(/\.$/, "");
  if (bare === "") return null;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(bare)) {
    return isPublicIPv4(bare)
      ? { rule: "url-bare-ip", severity: "HIGH", detail: `The host is the bare address ${bare}.` }
      : null;
  }
  if (bare.startsWith("[")) {
    const inner = bare.slice(1, bare.indexOf("]")).toLowerCase();
    const local = inner === "::1" || inner.startsWith("fe80") || inner.startsWith("fc") || inner.startsWith("fd");
    return local ? null : { rule: "url-bare-ip", severity: "HIGH", detail: `The host is the bare address ${inner}.` };
  }
  if (/[\u0080-\u{10FFFF}]/u.test(bare)) {
    const lookalikes = [...bare].filter((ch) => latinLookalike(ch) !== null);
    return lookalikes.length > 0
      ? {
          rule: "url-homoglyph-host",
          severity: "HIGH",
          detail: `The host ${JSON.stringify(bare)} is written with look-alike letters (${domainToASCII(bare) || "not a valid name"}).`,
        }
      : {
          rule: "url-punycode-host",
          severity: "MEDIUM",
          detail: `The host ${JSON.stringify(bare)} is an internationalised name (${domainToASCII(bare) || "not a valid name"}).`,
        };
  }
  if (/(?:^|\.)xn--/i.test(bare)) {
    return {
      rule: "url-punycode-host",
      severity: "HIGH",
      detail: `The host ${bare} is punycode, which can spell a look-alike of a known name.`,
    };
  }
  if (CAPTURE_OR_PASTE.test(bare)) {
    return { rule: "url-paste-or-capture", severity: "HIGH", detail: `${bare} receives or publishes data for anyone.` };
  }
  if (DISCORD_WEBHOOK.test(bare) && /^\/api\/webhooks\//i.test(path)) {
    return {
      rule: "url-paste-or-capture",
      severity: "HIGH",
      detail: "A Discord webhook receives data for whoever holds it.",
    };
  }
  if (TUNNEL.test(bare)) {
    return { rule: "url-tunnel", severity: "MEDIUM", detail: `${bare} is a tunnel into someone's machine.` };
  }
  return null;
}

/** The last text judged and its verdicts: the five URL rules run one after another over the same text. */
let lastJudged: { text: string; found: Array<RuleMatch & { rule: string }> } | null = null;

/** Lets go of the last text judged (the scanner calls it when a file is done: a bundle's text is not kept). */
export function forgetUrlVerdicts(): void {
  lastJudged = null;
}

/** Each URL judged by its host; the rule id of a match is the verdict's (bare IP, homoglyph, punycode, paste, tunnel). */
export function judgeUrls(text: string): Array<RuleMatch & { rule: string }> {
  if (lastJudged?.text !== text) lastJudged = { text, found: judgeEachUrl(text) };
  return lastJudged.found;
}

function judgeEachUrl(text: string): Array<RuleMatch & { rule: string }> {
  const found: Array<RuleMatch & { rule: string }> = [];
  for (const m of matchAll(URL_PATTERN, text, 5000)) {
    const url = text.slice(m.index, m.index + m.length);
    const afterScheme = url.slice(url.indexOf("//") + 2);
    const authority = afterScheme.split(/[/?#]/, 1)[0] ?? "";
    const host = authority.slice(authority.lastIndexOf("@") + 1);
    const verdict = judgeHost(host, afterScheme.slice(authority.length));
    if (verdict) found.push({ ...m, rule: verdict.rule, severity: verdict.severity, detail: verdict.detail });
    if (found.length >= 50) break;
  }
  return found;
}

const URL_RULE_MESSAGES: Record<string, string> = {
  "url-bare-ip":
    "A URL points at a bare IP address instead of a name: nobody can tell whose machine it is. Use the service's name, or remove the URL.",
  "url-homoglyph-host":
    "A URL's host is written with look-alike letters of another script, so it reads as a known name but goes elsewhere. Type the host in ASCII.",
  "url-punycode-host":
    "A URL's host is an internationalised (punycode) name, which can spell a look-alike of a known name. Check where it points; prefer the ASCII name.",
  "url-paste-or-capture":
    "A URL points at a paste bin or a request-capture service, the usual places to drop stolen data or fetch an anonymous payload. Remove it.",
  "url-tunnel":
    "A URL points at a tunnel service (ngrok, Cloudflare quick tunnels, …): a temporary address into someone's machine. Make sure the skill is meant to talk to it.",
};

/** One rule per verdict, so findings name what was wrong with the URL; they share one pass over the text. */
export const URL_RULES: TextRule[] = Object.entries(URL_RULE_MESSAGES).map(([id, message]) => ({
  id,
  family: "urls",
  severity: id === "url-tunnel" ? "MEDIUM" : "HIGH",
  scope: "all",
  message,
  patterns: [URL_PATTERN],
  find: (text: string) =>
    judgeUrls(text)
      .filter((m) => m.rule === id)
      .map(({ rule: _rule, ...m }) => m),
}));
