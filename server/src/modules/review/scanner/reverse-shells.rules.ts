import { patternRule, type TextRule } from "./rule";

// CR-2: a shell handed to a remote machine.

export const reverseShell: TextRule = patternRule({
  id: "reverse-shell",
  family: "reverse-shells",
  severity: "CRITICAL",
  message:
    "This opens a shell for a remote machine (a reverse shell): whoever listens there controls the computer the agent runs on. Remove it.",
  patterns: [
    /\/dev\/(?:tcp|udp)\/[\w.-]{1,253}\/\d{1,5}/g,
    /\b(?:nc|ncat|netcat)\b[^\n|;]{0,100}?\s(?:-e|-c|--exec|--sh-exec|--lua-exec)\s{1,3}["']?(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|k|da)?sh\b/gi,
    /\bmkfifo\b[^\n]{0,150}?\b(?:nc|ncat|netcat|telnet|openssl\s{1,3}s_client)\b/gi,
    /\bsocat\b[^\n]{0,150}?\bexec:[^\n]{0,40}?\b(?:ba|z)?sh\b/gi,
    /\bsh\s{1,3}-i\b[^\n]{0,40}?\|\s{0,3}(?:nc|ncat|netcat|telnet)\b/gi,
    /\bsocket\.socket\s{0,3}\([^\n]{0,400}?\.connect\s{0,3}\([^\n]{0,400}?(?:os\.dup2|pty\.spawn|subprocess\.(?:call|Popen|run))/g,
    /\bpty\.spawn\s{0,3}\(\s{0,3}["'](?:\/bin\/)?(?:ba|z)?sh["']/g,
    /\bNew-Object\s{1,3}(?:System\.)?Net\.Sockets\.TCPClient\b/gi,
  ],
});

export const REVERSE_SHELL_RULES: TextRule[] = [reverseShell];
