import { matchAll, patternRule, type RuleMatch, type TextRule } from "./rule";

// CR-2: changes that make something run again later, outside the task (scheduled jobs, shell start-up files, agents).

export const scheduledPersistence: TextRule = patternRule({
  id: "persistence",
  family: "persistence",
  severity: "HIGH",
  message:
    "The skill installs something that runs again later on its own (a cron job, a launch agent, a Run key, a scheduled task, an SSH key). A skill does its task and leaves nothing behind; remove it.",
  patterns: [
    /\bcrontab\s{1,3}(?:-l\b[^\n]{0,300}?\|\s{0,3}crontab\s{1,3}-|-\s{0,3}(?:<|$)|-r\b|[\w./~][\w./~-]{0,99}\s{0,3}$)/gim,
    /(?:>{1,2}|\btee\s{1,3}(?:-a\s{1,3})?|\bcp\b[^\n]{0,100}?|\bmv\b[^\n]{0,100}?)\s{0,3}["']?(?:\/etc\/cron|\/var\/spool\/cron|\/etc\/rc\.local|\/etc\/init\.d\/|\/etc\/systemd\/system\/)/g,
    /(?:>{1,2}|\btee\s{1,3}(?:-a\s{1,3})?|\bcp\b[^\n]{0,100}?|\bmv\b[^\n]{0,100}?|\bln\s{1,3}-s\b[^\n]{0,100}?)\s{0,3}["']?[~\w./$-]{0,60}?Library\/Launch(?:Agents|Daemons)\//g,
    /\blaunchctl\s{1,3}(?:load|bootstrap|submit)\b/g,
    /\breg(?:\.exe)?\s{1,3}add\s{1,3}[^\n]{0,80}?\\CurrentVersion\\(?:Run|RunOnce|Winlogon)\b/gi,
    /\b(?:New-ItemProperty|Set-ItemProperty)\b[^\n]{0,150}?\\CurrentVersion\\(?:Run|RunOnce)\b/gi,
    /\bschtasks(?:\.exe)?\s{1,3}\/create\b/gi,
    /\b(?:Register-ScheduledTask|New-ScheduledTask)\b/g,
    /(?:>{1,2}|\btee\s{1,3}-a\s{1,3})\s{0,3}["']?[~\w./$-]{0,60}?\.ssh\/authorized_keys\b/g,
  ],
});

const RC_APPEND =
  /(?:>{1,2}|\btee\s{1,3}(?:-a\s{1,3})?)\s{0,3}["']?(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/[\w.-]{1,32})\/\.(?:bashrc|zshrc|bash_profile|profile|zprofile|zshenv|zlogin|bash_login|config\/fish\/config\.fish)\b/g;
const RISKY =
  /\b(?:curl|wget|nc|ncat|base64|eval|exec|python[0-9.]{0,4}\s{1,3}-c|\/dev\/tcp|alias\s{1,3}(?:sudo|ssh|git|ls|cd)=)/;

export const shellStartupChange: TextRule = {
  id: "shell-startup-change",
  family: "persistence",
  severity: "MEDIUM",
  scope: "all",
  message:
    "The skill appends to a shell start-up file (~/.bashrc, ~/.zshrc, …): what it adds runs in every later shell. Prefer telling the user what to add; never add commands that download or decode.",
  patterns: [RC_APPEND, RISKY],
  find(text) {
    return matchAll(RC_APPEND, text).map((m): RuleMatch => {
      // the 300 characters before it, from its line only (never a walk back along a long line)
      const before = text.slice(Math.max(0, m.index - 300), m.index);
      const line = before.slice(before.lastIndexOf("\n") + 1);
      return RISKY.test(line)
        ? { ...m, severity: "HIGH", detail: "What it adds downloads, decodes or redefines a command." }
        : m;
    });
  },
};

export const PERSISTENCE_RULES: TextRule[] = [scheduledPersistence, shellStartupChange];
