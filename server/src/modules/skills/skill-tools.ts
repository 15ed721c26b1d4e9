import Ajv from "ajv";
import addFormats from "ajv-formats";
import type { Problem } from "../../platform/errors";
import { outboundUrlRefusal } from "../../platform/outbound/address-policy";

/** A webhook tool as the API receives it (SK-3). */
export interface ToolInput {
  name: string;
  description: string;
  parameters?: unknown;
  webhookUrl: string;
  webhookSecret?: string | null;
}

export interface CheckedTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  webhookUrl: string;
  /** undefined: keep the stored secret (input omitted it or sent back "***"); null: no secret. */
  webhookSecret: string | null | undefined;
}

export const MASKED_SECRET = "***";
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const EMPTY_PARAMETERS = { type: "object", properties: {} };

const metaValidator = new Ajv({ strict: false, allErrors: true, validateSchema: true });
addFormats(metaValidator);

function urlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not an absolute URL; give one like https://example.com/hooks/tool.";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return `must use http or https, not '${parsed.protocol.replace(/:$/, "")}'.`;
  }
  if (parsed.username || parsed.password) return "must not carry a user name or password; use webhook_secret.";
  return null;
}

function parametersProblem(parameters: unknown): string | null {
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    return 'must be a JSON Schema object such as {"type": "object", "properties": {…}}.';
  }
  if ((parameters as { type?: unknown }).type !== "object") {
    return 'must be a JSON Schema of type "object" (the tool\'s arguments are an object).';
  }
  if (!metaValidator.validateSchema(parameters)) {
    const first = metaValidator.errors?.[0];
    return `is not a valid JSON Schema: ${first ? `${first.instancePath || "(root)"} ${first.message ?? ""}`.trim() : "rejected by the meta-schema"}.`;
  }
  try {
    metaValidator.compile(parameters);
    // Ajv keeps every compiled schema by object; a save's schema is checked once, so let it go.
    metaValidator.removeSchema(parameters);
  } catch (error) {
    return `cannot be compiled as a JSON Schema: ${(error as Error).message}.`;
  }
  return null;
}

/** Tools of one version (a skill's or an agent's): what one model request can offer, as OpenAI's API bounds it. */
export const MAX_TOOLS = 128;

/** Checks every tool of one input; all problems, each named by place and name (SK-5). */
export function checkTools(
  tools: readonly ToolInput[],
  place = "tools",
): { tools: CheckedTool[]; problems: Problem[] } {
  const problems: Problem[] = [];
  if (tools.length > MAX_TOOLS)
    problems.push({
      path: place,
      message: `${place}: a version has at most ${MAX_TOOLS} tools; this one has ${tools.length}.`,
      fields: { limit: MAX_TOOLS },
    });
  const seen = new Set<string>();
  const checked = tools.map((tool, i) => {
    const label = `${place}[${i}] '${tool.name}'`;
    const add = (field: string, message: string) =>
      problems.push({ path: `${place}[${i}].${field}`, message: `${label} ${field}: ${message}` });
    if (!TOOL_NAME.test(tool.name)) add("name", "a tool name has 1 to 64 letters, digits, '_' or '-'.");
    else if (seen.has(tool.name)) add("name", "another tool of this version has the same name.");
    seen.add(tool.name);
    if (tool.description.trim().length === 0)
      add("description", "describe what the tool does, so the model knows when to call it.");
    else if (tool.description.length > 4096)
      add("description", `must be at most 4096 characters; it has ${tool.description.length}.`);
    const parameters = tool.parameters ?? EMPTY_PARAMETERS;
    const schemaProblem = parametersProblem(parameters);
    if (schemaProblem) add("parameters", schemaProblem);
    const url = urlProblem(tool.webhookUrl);
    if (url) add("webhook_url", url);
    const secret = tool.webhookSecret;
    if (typeof secret === "string" && secret !== MASKED_SECRET && secret.length > 1024) {
      add("webhook_secret", "must be at most 1024 characters.");
    }
    return {
      name: tool.name,
      description: tool.description,
      parameters: parameters as Record<string, unknown>,
      webhookUrl: tool.webhookUrl,
      webhookSecret: secret === MASKED_SECRET || secret === undefined ? undefined : secret === "" ? null : secret,
    };
  });
  return { tools: checked, problems };
}

/**
 * SEC-13 when tools are saved: a webhook URL that a call would refuse (loopback, link-local, private, unless
 * OUTBOUND_ALLOW_HOSTS names it) is refused now, with the check webhook subscriptions use. Only URLs that passed
 * the shape check are asked; a host that does not resolve yet passes (the call checks again).
 */
export async function toolUrlProblems(
  tools: readonly CheckedTool[],
  allowList: readonly string[],
  place = "tools",
): Promise<Problem[]> {
  const refusals = await Promise.all(
    tools.map((tool) =>
      urlProblem(tool.webhookUrl) === null
        ? outboundUrlRefusal(tool.webhookUrl, allowList, { unresolvedPasses: true })
        : Promise.resolve(null),
    ),
  );
  return refusals.flatMap((refusal, i) =>
    refusal === null
      ? []
      : [
          {
            path: `${place}[${i}].webhook_url`,
            message: `${place}[${i}] '${tools[i]!.name}' webhook_url: '${tools[i]!.webhookUrl.slice(0, 200)}' is refused: ${refusal}`,
          },
        ],
  );
}
