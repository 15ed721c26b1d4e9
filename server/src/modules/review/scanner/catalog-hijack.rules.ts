import { patternRule, type TextRule } from "./rule";

// CR-2: a description written to win every catalog choice rather than to describe the skill.

const S = "[\\s*_`]{1,3}";
const rx = (source: string) => new RegExp(source.replaceAll("␣", S), "gi");

export const catalogHijack: TextRule = patternRule({
  id: "catalog-hijack",
  family: "catalog-hijack",
  severity: "MEDIUM",
  scope: "description",
  message:
    "The description tells the model to always use this skill or to ignore the others: it is written to take over the catalog rather than to say when the skill helps. Describe what the skill does and when to use it.",
  patterns: [
    rx("\\b(?:always|must)␣(?:use|invoke|load|call|choose|prefer|select|pick|trigger|apply)␣(?:this|me|it)\\b"),
    rx("\\b(?:use|invoke|load|call|choose|select)␣(?:this␣(?:skill|tool)␣)?always\\b"),
    rx(
      "\\b(?:ignore|disregard|instead␣of|never␣use|do␣not␣use|don['’]t␣use|over|rather␣than|before)␣(?:(?:all|any|every|the)␣)?other␣(?:skills?|tools?)\\b",
    ),
    rx("\\bfor␣(?:every|all)␣(?:request|query|message|prompt|conversation)s?\\b"),
    rx("\\b(?:highest|top|absolute)␣priority\\b"),
  ],
});

export const CATALOG_HIJACK_RULES: TextRule[] = [catalogHijack];
