import type { RecordedRequest } from "./scripted-model";

/** CT-1 fixtures: skills on distinct topics, each catalog line 80–110 characters, so a small budget holds a few. */
export const CATALOG_SKILLS: Array<[name: string, description: string]> = [
  ["pdf-tools", "Merge, split and rotate PDF files, and pull text and tables out of them."],
  ["weather-desk", "Current conditions and forecasts for any city, with rain and wind warnings."],
  ["refund-desk", "Issue refunds for returned orders and explain the refund policy to customers."],
  ["invoice-desk", "Explain an invoice line by line and send a copy of past invoices by email."],
  ["calendar-desk", "Book, move and cancel meetings in the team calendar and list free slots."],
  ["resume-coach", "Tailor a résumé to a job posting and suggest stronger achievement bullets."],
  ["git-helper", "Stage, commit and push changes with a conventional commit message."],
  ["shipping-desk", "Track parcels, change delivery addresses and report lost shipments."],
];

/** What a catalog's lines cost: each "- name: description" line and its line break. */
export function catalogCostOf(names: readonly string[]): number {
  return CATALOG_SKILLS.filter(([n]) => names.includes(n)).reduce((sum, [n, d]) => sum + `- ${n}: ${d}`.length + 1, 0);
}

/** The skills the system prompt of a model request lists, in order. */
export function listedSkills(request: RecordedRequest | undefined): string[] {
  const system = String(request?.body.messages[0]?.content ?? "");
  return system
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2, line.indexOf(":")));
}

export const toolNames = (request: RecordedRequest | undefined): string[] =>
  (request?.body.tools ?? []).map((t) => t.function.name);

/**
 * CT-2: a scripted embeddings endpoint's vectors for the skills above: one dimension per skill's topic (the first part
 * of its name), and the weather's for "umbrella" too — a word no skill's name or description holds. Every text has a
 * little of a last dimension, so none is a zero vector.
 */
const TOPICS = CATALOG_SKILLS.map(([name]) => name.split("-")[0]!);
export function topicVector(text: string): number[] {
  const lower = text.toLowerCase();
  return [
    ...TOPICS.map((topic) => (lower.includes(topic) || (topic === "weather" && lower.includes("umbrella")) ? 1 : 0)),
    0.05,
  ];
}

/**
 * Requests for the weather skill that share no word (stem, or WordNet synonym of a word no skill uses) with any skill
 * above: the lexical ranking finds nothing for them; by `topicVector` they are the weather's.
 */
export const UMBRELLA_REQUESTS = [
  "Should I pack an umbrella for Lisbon tomorrow?",
  "Do I need my umbrella in Porto on Friday?",
  "An umbrella for the Berlin trip next week, yes or no?",
] as const;
