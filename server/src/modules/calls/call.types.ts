import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import { AgentInput } from "../agents";

@ObjectType("CallSkill", { description: "A version the call resolved (RT-10)." })
export class CallSkillType {
  @Field(() => String)
  name!: string;

  @Field(() => Int)
  version!: number;

  @Field(() => ID)
  versionId!: string;

  @Field(() => Boolean)
  pinned!: boolean;

  @Field(() => Boolean, { nullable: true, description: "Loaded at any point; null once the call's events expired." })
  loaded!: boolean | null;

  @Field(() => ID, { nullable: true, description: "RO-2: the rollout the skill resolved under; null outside one." })
  rolloutId!: string | null;

  @Field(() => String, { nullable: true, description: '"live" | "candidate" (RO-2); null outside a rollout.' })
  arm!: string | null;
}

@ObjectType("CallCatalog", {
  description: "CT-1: what the catalog in the prompt shows of the skills (all of them when they fit the budget).",
})
export class CallCatalogType {
  @Field(() => [String], { description: "Listed in the prompt, in the catalog's order." })
  shown!: string[];

  @Field(() => [String], { description: "Left out (find_skills finds them), in the agent's order." })
  omitted!: string[];

  @Field(() => Int, { description: "Characters the catalog may take (the agent's catalogBudget)." })
  budget!: number;
}

@ObjectType("SkillMatch", { description: "CT-2: a skill as find_skills and agentSkillSearch answer it." })
export class SkillMatchType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Float)
  score!: number;
}

@ObjectType("OfferedTool")
export class OfferedToolType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: "Rendered with the call's variables (RT-5)." })
  description!: string;

  @Field(() => String, { description: '"builtin" | "agent" | "skill:<name>" | "mcp:<server>"' })
  source!: string;

  @Field(() => JSONScalar)
  parameters!: Record<string, unknown>;
}

@ObjectType("CallEvent")
export class CallEventType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "skill.loaded | skill.unloaded | call.started | call.handoff | call.ended" })
  type!: string;

  @Field(() => Date)
  at!: Date;

  @Field(() => JSONScalar, {
    description: "As the webhook carries it: { call_id, skill, version, version_id, reason? }.",
  })
  data!: Record<string, unknown>;

  @Field(() => [String], { description: "Loaded right after this event, oldest load first." })
  loadedAfter!: string[];
}

@ObjectType("ToolInvocation")
export class ToolInvocationType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  tool!: string;

  @Field(() => String)
  source!: string;

  @Field(() => JSONScalar)
  arguments!: unknown;

  @Field(() => String, { description: '"ok" | "error" | "timeout" | "refused"' })
  status!: string;

  @Field(() => JSONScalar, { nullable: true })
  result!: unknown;

  @Field(() => String, { nullable: true })
  error!: string | null;

  @Field(() => Int)
  latencyMs!: number;

  @Field(() => Date)
  at!: Date;
}

@ObjectType("Call", { implements: NodeInterface })
export class CallType extends NodeInterface {
  @Field(() => String, { description: '"active" | "ended"' })
  status!: string;

  @Field(() => ID, { nullable: true, description: "The stored agent answering now; null for an inline agent." })
  agentId!: string | null;

  @Field(() => String)
  agentName!: string;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => Date)
  startedAt!: Date;

  @Field(() => Date, { nullable: true })
  endedAt!: Date | null;
}

export const CallPage = PageOf(CallType, "CallPage");

export enum LoadSkillStatus {
  LOADED = "LOADED",
  ALREADY_LOADED = "ALREADY_LOADED",
  UNKNOWN_SKILL = "UNKNOWN_SKILL",
}
registerEnumType(LoadSkillStatus, { name: "LoadSkillStatus" });

@ObjectType("LoadSkillResult")
export class LoadSkillResultType {
  @Field(() => LoadSkillStatus)
  status!: LoadSkillStatus;

  @Field(() => String, { nullable: true })
  skill!: string | null;

  @Field(() => String, { nullable: true, description: "The skill unloaded to respect max_loaded_skills (RT-4)." })
  unloaded!: string | null;

  @Field(() => [String])
  available!: string[];

  @Field(() => String, { description: "The tool result the model reads." })
  message!: string;

  @Field(() => CallType)
  call!: CallType;
}

@InputType("StartCallInput")
export class StartCallInput {
  @Field(() => ID, { nullable: true })
  agentId?: string | null;

  @Field(() => AgentInput, { nullable: true })
  inlineAgent?: AgentInput | null;

  @Field(() => JSONScalar, { nullable: true })
  variables?: Record<string, unknown> | null;

  @Field(() => String, {
    nullable: true,
    description:
      "RO-2: the key a staged rollout's arm is decided by (e.g. your caller's id), so one caller stays on one arm; default: the call's id.",
  })
  rolloutKey?: string | null;
}
