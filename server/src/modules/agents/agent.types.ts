import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import { VersionFields } from "../versioning";

export enum AgentMode {
  CASCADE = "cascade",
  SPEECH_TO_SPEECH = "speech_to_speech",
}
registerEnumType(AgentMode, { name: "AgentMode" });

@ObjectType("AgentSkillEntry", {
  description: "A skill the agent may load: `versionId` pins one version, null follows the live one.",
})
export class AgentSkillEntryType {
  @Field(() => String)
  name!: string;

  @Field(() => ID, { nullable: true })
  versionId!: string | null;
}

@ObjectType("AgentModelConfig", { description: "An OpenAI-compatible endpoint." })
export class AgentModelConfigType {
  @Field(() => String)
  baseUrl!: string;

  @Field(() => String)
  model!: string;

  @Field(() => String, { nullable: true, description: 'Write-only: "***" when set, null when not.' })
  apiKey!: string | null;
}

@ObjectType("McpServer", { description: "A Streamable HTTP MCP server the runtime uses." })
export class McpServerType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  url!: string;

  @Field(() => JSONScalar, { description: 'Header names to values; every value is write-only and reads "***".' })
  headers!: Record<string, string>;
}

@ObjectType("AgentVersion", { implements: NodeInterface })
export class AgentVersionType extends VersionFields {
  @Field(() => ID)
  agentId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true, description: "The gateway name when set (GW-1); else the name is." })
  alias!: string | null;

  @Field(() => AgentMode)
  mode!: AgentMode;

  @Field(() => String)
  prompt!: string;

  @Field(() => Int)
  maxLoadedSkills!: number;

  @Field(() => Int, { description: "Characters the catalog of its skills may take in the prompt (CT-1)." })
  catalogBudget!: number;

  @Field(() => [ID], { description: "Agents this one may hand a call off to (handoff_to_agent)." })
  handoffTargets!: string[];

  @Field(() => [ID])
  knowledgeBaseIds!: string[];

  @Field(() => [String], { description: 'e.g. "skills_ignored_on_s2s" (AG-4)' })
  warnings!: string[];

  @Field(() => String, { description: "The API key id that saved it, or 'platform'." })
  createdBy!: string;
}

export const AgentVersionPage = PageOf(AgentVersionType, "AgentVersionPage");

@ObjectType("SkillResolvedAt", { description: "One skill entry as it resolved at a moment (SV-9)." })
export class SkillResolvedAtType {
  @Field(() => String)
  name!: string;

  @Field(() => Boolean)
  pinned!: boolean;

  @Field(() => ID, { nullable: true, description: "Null when the skill had no live version then." })
  versionId!: string | null;

  @Field(() => Int, { nullable: true })
  version!: number | null;
}

@ObjectType("AgentSkillsAt", {
  description: "What a call of the agent started at that moment would have resolved (SV-9).",
})
export class AgentSkillsAtType {
  @Field(() => ID, { nullable: true, description: "The agent version published then; null when none was." })
  agentVersionId!: string | null;

  @Field(() => Int, { nullable: true })
  agentVersion!: number | null;

  @Field(() => [SkillResolvedAtType])
  skills!: SkillResolvedAtType[];
}
