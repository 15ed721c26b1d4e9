import { matchAll, type RuleMatch, type TextRule } from "./rule";

// CR-2: code fetched from the network and run at once, unseen by any review.

const SHELL =
  "(?:sudo\\s{1,3}(?:-\\S{1,10}\\s{1,3}){0,3})?(?:env\\s{1,3})?(?:ba|z|k|da|fi)?sh\\b|python[0-9.]{0,4}\\b|node\\b|perl\\b|ruby\\b|iex\\b|Invoke-Expression\\b|pwsh\\b|powershell\\b";

const PATTERNS = [
  new RegExp(
    `\\b(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\\b[^\\n|;]{0,300}\\|\\s{0,5}(?:${SHELL})`,
    "gi",
  ),
  /\b(?:bash|sh|zsh|eval|source|python[0-9.]{0,4})\s{1,3}(?:-c\s{1,3})?["']?(?:\$\(|<\(|`)\s{0,3}(?:curl|wget|fetch)\b/gi,
  /\b(?:iex|Invoke-Expression)\b[^\n]{0,200}?(?:DownloadString|DownloadData|Invoke-WebRequest|Invoke-RestMethod|\biwr\b|\birm\b|Net\.WebClient)/gi,
  /\b(?:DownloadString|DownloadData)\s{0,3}\([^\n]{0,200}?\|\s{0,3}(?:iex|Invoke-Expression)\b/gi,
  /\b(?:exec|eval|execfile|compile|Function)\s{0,3}\(\s{0,3}(?:await\s{1,3})?[^\n]{0,120}?(?:urlopen|requests\.(?:get|post)|httpx\.(?:get|post)|urllib\.request|fetch\s{0,3}\(|https?\.get\s{0,3}\()/g,
];

/**
 * Installers of well-known toolchains, fetched from their vendors' own hosts: reported, but not blocking (a skill
 * that installs uv or Rust the way their documentation says is common and reviewable by its URL).
 */
const KNOWN_INSTALLER =
  /https:\/\/(?:astral\.sh\/uv\/|sh\.rustup\.rs|get\.docker\.com|deno\.land\/install|bun\.sh\/install|install\.python-poetry\.org|raw\.githubusercontent\.com\/(?:Homebrew\/install|nvm-sh\/nvm)\/|get\.pnpm\.io|pixi\.sh\/install|claude\.ai\/install|cli\.github\.com|tailscale\.com\/install|ollama\.com\/install)/i;

export const remoteCodeExecution: TextRule = {
  id: "remote-code-execution",
  family: "remote-code",
  severity: "CRITICAL",
  scope: "all",
  message:
    "Code is downloaded and run in one step (e.g. `curl … | sh`): what runs is whatever the server sends that day, never what was reviewed. Ship the script in the bundle, or pin and verify what is downloaded.",
  patterns: PATTERNS,
  find(text) {
    return PATTERNS.flatMap((p) => matchAll(p, text)).map((m): RuleMatch =>
      KNOWN_INSTALLER.test(text.slice(m.index, m.index + m.length))
        ? { ...m, severity: "MEDIUM", detail: "It runs a well-known vendor's installer from its own host." }
        : m,
    );
  },
};

export const REMOTE_CODE_RULES: TextRule[] = [remoteCodeExecution];
