import { patternRule, type TextRule } from "./rule";

// CR-2: instructions aimed at the model (or at an LLM that reviews the skill) rather than at the task.

const S = "[\\s*_`]{1,3}"; // words apart: spaces, or markdown emphasis between them
const rx = (source: string, flags = "gi") => new RegExp(source.replaceAll("␣", S), flags);

export const instructionOverride: TextRule = patternRule({
  id: "instruction-override",
  family: "model-instructions",
  severity: "HIGH",
  message:
    "The text tells the model to ignore or override the instructions it was given (a prompt injection). A skill adds to the model's instructions; it never cancels them. Remove the sentence.",
  patterns: [
    rx(
      "\\b(?:ignore|disregard|forget|override|bypass|skip)␣(?:(?:all|any|the|your|every|of|these|those)␣){0,3}(?:previous|prior|above|earlier|preceding|system|original|developer|safety|initial)␣(?:instructions|prompts?|rules|guidelines|directives|guardrails|messages|constraints)\\b",
    ),
    rx("\\byou␣are␣no␣longer␣(?:bound|restricted|limited)␣by\\b"),
    rx("\\b(?:new|updated|real)␣system␣(?:prompt|instructions)(?:␣(?:is|are|follows?))?\\s{0,3}:"),
  ],
});

export const concealment: TextRule = patternRule({
  id: "concealment",
  family: "model-instructions",
  severity: "HIGH",
  message:
    "The text tells the model to hide what it does from the person it works for. A skill must never ask the model to keep its actions secret. Remove the sentence.",
  patterns: [
    rx(
      "\\b(?:do␣not|don['’]t|never)␣(?:tell|inform|notify|alert|mention␣(?:this|it|that)␣to|reveal␣(?:this|it|that)␣to|let)␣(?:the␣)?(?:user|human|operator|owner)s?␣(?:know␣)?(?:about|that|what|of␣)?",
    ),
    rx("\\bwithout␣(?:telling|informing|notifying|alerting|asking)␣(?:the␣)?(?:user|human|operator)\\b"),
    rx("\\b(?:hide|conceal|keep)␣(?:this|it|these|the␣\\w{1,20})␣(?:secret␣)?from␣(?:the␣)?(?:user|human|operator)\\b"),
    rx(
      "\\b(?:secretly|covertly|silently)␣(?:send|upload|post|exfiltrate|transmit|copy|forward|run|execute|install)\\b",
    ),
  ],
});

const SECRETS_OR_CONTEXT =
  "(?:conversation|chat␣history|message␣history|transcript|(?:all␣|any␣|every␣|the␣user['’]?s␣)(?:api␣keys?|secrets?|credentials|tokens|passwords)|environment␣variables|env␣vars|\\.env␣(?:file|contents)|ssh␣keys?|private␣keys?|cookies|system␣prompt)";

export const exfiltration: TextRule = patternRule({
  id: "exfiltration-instruction",
  family: "model-instructions",
  severity: "HIGH",
  message:
    "The text tells the model to send the conversation, files, keys or the environment to an address. Nothing in a skill should move the user's data or secrets elsewhere. Remove it.",
  patterns: [
    rx(
      `\\b(?:send|post|upload|exfiltrate|transmit|forward|leak|e-?mail|submit|copy)\\b[^\\n]{0,80}?${SECRETS_OR_CONTEXT}[^\\n]{0,120}?(?:https?://|webhook|\\bto␣(?:my|our|this|that|the␣following)␣(?:server|endpoint|url|address))`,
    ),
  ],
});

export const markdownExfiltration: TextRule = patternRule({
  id: "markdown-data-exfiltration",
  family: "model-instructions",
  severity: "HIGH",
  scope: "all",
  message:
    "A markdown image or link carries data in its query (a placeholder the model fills in): when rendered, the image is fetched and the data leaves. Remove the query or the image.",
  patterns: [
    /!\[[^\]\n]{0,200}\]\(\s{0,3}https?:\/\/[^)\s]{1,300}?[?&#][^)\s]{0,300}?(?:\{\{|\$\{|\{[A-Za-z_]{1,40}\}|<[A-Za-z_ ]{1,40}>|%s\b|\$[A-Z_]{2,40}\b|\[[A-Z_ ]{2,40}\])/g,
    rx(
      "\\b(?:append|add|include|put|encode)\\b[^\\n]{0,60}?(?:conversation|chat␣history|user['’]?s?␣(?:data|messages?|answers?)|secrets?|api␣keys?|credentials)[^\\n]{0,60}?\\b(?:to|in|into)␣(?:the␣)?(?:query|url|image␣url|link)\\b",
    ),
  ],
});

export const reviewerManipulation: TextRule = patternRule({
  id: "reviewer-manipulation",
  family: "model-instructions",
  severity: "HIGH",
  message:
    'The text addresses an automated or AI reviewer ("this skill is safe", "mark it as benign"): it is written to talk a scanner out of its findings. Remove it.',
  patterns: [
    rx(
      "\\b(?:note|message|instructions?|attention)␣(?:to|for)␣(?:(?:the|any|all)␣)?(?:ai|llm|gpt|claude|automated|security|code)?␣?(?:reviewers?|scanners?|auditors?|moderators?|classifiers?|analy[sz]ers?)\\b",
    ),
    rx(
      "\\b(?:ai|llm|automated|security)␣(?:reviewers?|scanners?|auditors?|analy[sz]ers?|classifiers?)␣(?:should|must|will|can)␣(?:ignore|skip|approve|pass|consider|treat|mark|classify)\\b",
    ),
    rx(
      "\\b(?:mark|classify|report|rate|flag|treat|consider)␣(?:this|it|the␣(?:skill|file|code))␣(?:\\w{1,12}␣)?as␣(?:safe|benign|clean|harmless|trusted|legitimate|non-malicious)\\b",
    ),
    rx(
      "\\bthis␣(?:skill|file|script|code|content|package)␣(?:is|has␣been)␣(?:(?:verified|confirmed|certified)␣(?:as␣)?)?(?:safe|benign|harmless|non-malicious|pre-approved|whitelisted|allowlisted)␣(?:and␣\\w{1,12}␣)?(?:to␣|by␣|for␣)?(?:ignore|skip|approve|pass|scanners?|reviewers?|security)",
    ),
  ],
});

export const MODEL_INSTRUCTION_RULES: TextRule[] = [
  instructionOverride,
  concealment,
  exfiltration,
  markdownExfiltration,
  reviewerManipulation,
];
