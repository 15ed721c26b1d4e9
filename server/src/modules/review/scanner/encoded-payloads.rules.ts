import { patternRule, type TextRule } from "./rule";

// CR-2: a payload kept encoded (base64, hex, compressed) and decoded straight into an interpreter.

export const encodedPayloadExecution: TextRule = patternRule({
  id: "encoded-payload-execution",
  family: "encoded-payloads",
  severity: "CRITICAL",
  message: "Encoded data is decoded and run: what runs cannot be read by a reviewer. Ship the code as plain text.",
  patterns: [
    /\bbase64\s{1,3}(?:-d|--decode|-D)\b[^\n]{0,100}?\|\s{0,3}(?:sudo\s{1,3})?(?:(?:ba|z|k|da)?sh|python[0-9.]{0,4}|perl|node)\b/gi,
    /\b(?:exec|eval|execfile)\s{0,3}\(\s{0,3}[^\n]{0,80}?(?:b64decode|b32decode|a85decode|decodebytes|decompress\s{0,3}\(|marshal\.loads|bytes\.fromhex|unhexlify|codecs\.decode|atob\s{0,3}\(|Buffer\.from\s{0,3}\([^\n)]{0,200}?['"](?:base64|hex)['"])/g,
    /\b(?:os\.system|os\.popen|subprocess\.(?:run|call|Popen|check_output|check_call)|execSync|spawnSync|child_process\.exec)\s{0,3}\([^\n]{0,120}?(?:b64decode|atob\s{0,3}\(|base64\s{1,3}-d|Buffer\.from\s{0,3}\([^\n)]{0,200}?['"]base64['"])/g,
    /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,60}?\s-(?:e|en|enc|enco|encod|encode|encoded|encodedcommand)\s{1,3}[A-Za-z0-9+/=]{16}/gi,
    /\bFromBase64String\b[^\n]{0,300}?\b(?:iex|Invoke-Expression|\.Invoke\s{0,3}\()/gi,
    /\b(?:iex|Invoke-Expression)\b[^\n]{0,300}?\bFromBase64String\b/gi,
  ],
});

export const ENCODED_PAYLOAD_RULES: TextRule[] = [encodedPayloadExecution];
