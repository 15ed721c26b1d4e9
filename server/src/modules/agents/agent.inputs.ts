import { Field, ID, InputType, Int } from "type-graphql";
import { JSONScalar } from "../../platform/graphql/scalars";
import { SkillToolInput } from "../skills";
import { AgentMode } from "./agent.types";
import { StoredIn } from "../../platform/graphql/stored-in";

@InputType("AgentSkillEntryInput")
export class AgentSkillEntryInput {
  @Field(() => String)
  @StoredIn("agent_skill_entries.name")
  name!: string;

  @Field(() => ID, {
    nullable: true,
    description: "Pins this version (by its id); leave it out to follow the live version.",
  })
  versionId?: string | null;
}

@InputType("ModelConfigInput")
export class ModelConfigInput {
  @Field(() => String)
  baseUrl!: string;

  @Field(() => String)
  model!: string;

  @Field(() => String, { nullable: true, description: 'Write-only. Omit it, or send "***", to keep the stored one.' })
  apiKey?: string | null;
}

@InputType("McpServerInput")
export class McpServerInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  url!: string;

  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Header names to values, write-only: "***" keeps the stored value.',
  })
  headers?: unknown;
}

@InputType("AgentInput")
export class AgentInput {
  @Field(() => String)
  @StoredIn("agent_versions.name")
  name!: string;

  @Field(() => String, { nullable: true })
  @StoredIn("agent_versions.alias")
  alias?: string | null;

  @Field(() => AgentMode, { nullable: true, defaultValue: AgentMode.CASCADE })
  mode?: AgentMode | null;

  @Field(() => String, { nullable: true, defaultValue: "" })
  prompt?: string | null;

  @Field(() => Int, { nullable: true, defaultValue: 3, description: "1–10 (AG-1)." })
  maxLoadedSkills?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Characters the catalog of its skills may take in the prompt (CT-1); default 8000.",
  })
  catalogBudget?: number | null;

  @Field(() => [AgentSkillEntryInput], { nullable: true, defaultValue: [] })
  skills?: AgentSkillEntryInput[] | null;

  @Field(() => [SkillToolInput], { nullable: true, defaultValue: [] })
  tools?: SkillToolInput[] | null;

  @Field(() => [ID], { nullable: true, defaultValue: [] })
  knowledgeBaseIds?: string[] | null;

  @Field(() => ModelConfigInput, { nullable: true })
  model?: ModelConfigInput | null;

  @Field(() => [McpServerInput], { nullable: true, defaultValue: [] })
  mcpServers?: McpServerInput[] | null;

  @Field(() => [ID], { nullable: true, defaultValue: [], description: "Agent ids offered to handoff_to_agent." })
  handoffTargets?: string[] | null;
}
