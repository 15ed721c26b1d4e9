import { matchAll, patternRule, type RuleMatch, type TextRule } from "./rule";

// CR-2: reads of the places credentials are kept.

const STORE =
  /(?:\.ssh\/(?:id_(?:rsa|dsa|ecdsa|ed25519)\b|authorized_keys\b|known_hosts\b)|\.aws\/(?:credentials|config)\b|\.git-credentials\b|\.netrc\b|\.docker\/config\.json|\.kube\/config\b|\.config\/gcloud\/(?:credentials|application_default_credentials|legacy_credentials)|\.npmrc\b|\.pypirc\b|\.azure\/(?:accessTokens|msal_token_cache)|\bLogin Data\b|\blogins\.json\b|\bcookies\.sqlite\b|\bkey[34]\.db\b|Library\/Keychains|\blogin\.keychain|\.password-store\b|\.gnupg\/|wallet\.dat\b)/g;
/** Verbs and calls that read, copy, pack or send a file. */
const READS =
  /\b(?:cat|less|more|head|tail|cp|scp|rsync|tar|zip|base64|xxd|strings|curl|wget|type|Get-Content|gc|open|read|read_text|read_bytes|readFile|readFileSync|createReadStream|load|upload|exfiltrate|send|copy|steal|collect|grab|dump|print)\b|[<]\s{0,3}~|@~/i;

export const credentialStoreRead: TextRule = {
  id: "credential-store-read",
  family: "credential-reads",
  severity: "HIGH",
  scope: "all",
  message:
    "The skill reads a credential store (SSH or cloud keys, tokens, browser passwords, a keychain). A skill has no reason to read the user's secrets; remove it or ask the user to provide what is needed.",
  patterns: [STORE, READS],
  find(text) {
    // the verb comes before the path it reads, on the same line
    return matchAll(STORE, text).filter((m): m is RuleMatch => {
      // the 120 characters before it, from its line only (never a walk back along a long line)
      const before = text.slice(Math.max(0, m.index - 120), m.index);
      return READS.test(before.slice(before.lastIndexOf("\n") + 1));
    });
  },
};

export const keychainRead: TextRule = patternRule({
  id: "keychain-read",
  family: "credential-reads",
  severity: "HIGH",
  message:
    "The skill reads the system keychain or the browsers' saved passwords. Remove it; a skill never needs the user's stored credentials.",
  patterns: [
    /\bsecurity\s{1,3}(?:find-generic-password|find-internet-password|dump-keychain|export)\b/g,
    /\b(?:Google\/Chrome|Chromium|BraveSoftware|Microsoft\/Edge|Mozilla\/Firefox|Google\\Chrome|Microsoft\\Edge)[^\n]{0,80}?(?:Login Data|Cookies|Web Data|logins\.json|cookies\.sqlite|key4\.db|Local State)\b/g,
    /\b(?:CryptUnprotectData|win32crypt|browser_cookie3|secretstorage\.get_all|keyring\.get_password)\b/g,
  ],
});

export const dotenvRead: TextRule = patternRule({
  id: "dotenv-read",
  family: "credential-reads",
  severity: "MEDIUM",
  message:
    "The skill prints or copies a .env file, where projects keep their secrets. Make sure its values never reach the model's output or leave the machine.",
  patterns: [
    /\b(?:cat|type|Get-Content|less|more|head|tail|cp|scp|curl)\s{1,3}(?:-\S{1,10}\s{1,3}){0,3}["']?[\w./~@=-]{0,80}?\.env\b(?![.\w-])/g,
  ],
});

export const CREDENTIAL_READ_RULES: TextRule[] = [credentialStoreRead, keychainRead, dotenvRead];
