import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { NodeInterface } from "../../platform/graphql/node";
import { PageOf } from "../../platform/graphql/page";
import { JSONScalar } from "../../platform/graphql/scalars";
import { AgentInput } from "../agents";
import { StoredIn } from "../../platform/graphql/stored-in";

export enum EvalExpectationKind {
  FUNCTION_CALL = "FUNCTION_CALL",
  REPLY_CONTAINS = "REPLY_CONTAINS",
  REPLY_NOT_CONTAINS = "REPLY_NOT_CONTAINS",
}
registerEnumType(EvalExpectationKind, { name: "EvalExpectationKind" });

@InputType("EvalExpectationInput")
export class EvalExpectationInput {
  @Field(() => EvalExpectationKind)
  kind!: EvalExpectationKind;

  @Field(() => String, { nullable: true, description: "FUNCTION_CALL: the tool some round of the replies calls." })
  tool?: string | null;

  @Field(() => JSONScalar, {
    nullable: true,
    description: "FUNCTION_CALL: arguments the call includes (a subset match).",
  })
  arguments?: unknown;

  @Field(() => String, { nullable: true, description: "REPLY_CONTAINS / REPLY_NOT_CONTAINS: in the last reply." })
  text?: string | null;
}

@InputType("EvalMockInput")
export class EvalMockInput {
  @Field(() => String, { description: "Any tool but load_skill (EV-2)." })
  tool!: string;

  @Field(() => JSONScalar, { nullable: true, description: "The tool's result." })
  result?: unknown;

  @Field(() => String, { nullable: true, description: "Given: the tool fails with this message instead." })
  error?: string | null;
}

@InputType("EvalScenarioInput")
export class EvalScenarioInput {
  @Field(() => String)
  @StoredIn("eval_scenarios.name")
  name!: string;

  @Field(() => [String], { nullable: true, defaultValue: [], description: 'e.g. "skill:explain_bill" (EV-4)' })
  tags?: string[] | null;

  @Field(() => [String], { description: "User messages of one conversation, in order." })
  turns!: string[];

  @Field(() => [EvalExpectationInput])
  expectations!: EvalExpectationInput[];

  @Field(() => [EvalMockInput], { nullable: true, defaultValue: [] })
  mocks?: EvalMockInput[] | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: "A tool with no mock is refused (load_skill and the other built-ins still run).",
  })
  mockOnly?: boolean | null;

  @Field(() => JSONScalar, { nullable: true, description: "Template variables of the conversation." })
  variables?: unknown;
}

@ObjectType("EvalScenario", { implements: NodeInterface })
export class EvalScenarioType extends NodeInterface {
  @Field(() => String)
  name!: string;

  @Field(() => [String])
  tags!: string[];

  @Field(() => [String])
  turns!: string[];

  @Field(() => JSONScalar, { description: "[{ kind, tool?, arguments?, text? }]" })
  expectations!: unknown;

  @Field(() => JSONScalar, { description: "[{ tool, result } | { tool, error }]" })
  mocks!: unknown;

  @Field(() => Boolean)
  mockOnly!: boolean;

  @Field(() => JSONScalar, { nullable: true })
  variables!: unknown;

  @Field(() => Date)
  createdAt!: Date;
}

export const EvalScenarioPage = PageOf(EvalScenarioType, "EvalScenarioPage");

@InputType("EvalTargetInput")
export class EvalTargetInput {
  @Field(() => ID, { nullable: true, description: "A stored agent: its published version." })
  agentId?: string | null;

  @Field(() => AgentInput, { nullable: true, description: "An agent defined for this run." })
  inlineAgent?: AgentInput | null;

  @Field(() => String, {
    nullable: true,
    description: "A skill's name: every agent of this project skillUsage(name) lists, published version (EV-4).",
  })
  skillUsage?: string | null;
}

@InputType("StartEvalRunInput")
export class StartEvalRunInput {
  @Field(() => EvalTargetInput)
  target!: EvalTargetInput;

  @Field(() => [ID], { nullable: true })
  scenarioIds?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: "Scenarios with this tag; default for a skillUsage target: skill:<name>; none: every scenario.",
  })
  tag?: string | null;

  @Field(() => Int, { nullable: true, defaultValue: 1, description: "1 to 1000." })
  iterations?: number | null;
}

@ObjectType("EvalResult")
export class EvalResultType {
  @Field(() => ID)
  scenarioId!: string;

  @Field(() => ID, { nullable: true, description: "null for an inline agent." })
  agentId!: string | null;

  @Field(() => Int, { description: "1, 2, …" })
  iteration!: number;

  @Field(() => Boolean, { description: "Every expectation held." })
  passed!: boolean;

  @Field(() => JSONScalar, { description: "OpenAI message form, system prompt first." })
  transcript!: unknown;

  @Field(() => JSONScalar, { description: "[{ tool, arguments, result, mocked }]" })
  toolCalls!: unknown;

  @Field(() => JSONScalar, { description: "[{ kind, tool?, arguments?, text?, passed }]" })
  expectations!: unknown;
}

@ObjectType("EvalRun", { implements: NodeInterface })
export class EvalRunType extends NodeInterface {
  @Field(() => String, { description: '"queued" | "running" | "done" | "failed"' })
  status!: string;

  @Field(() => JSONScalar, { description: '{ "resolved_skills": [...] }; {} until the worker resolved the target.' })
  resolvedConfig!: unknown;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => Int, { description: "The iterations in the run: agents × scenarios × iterations (0 until resolved)." })
  total!: number;

  @Field(() => String, { nullable: true, description: "Why a failed run failed; its finished results are kept." })
  error!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}

export const EvalRunPage = PageOf(EvalRunType, "EvalRunPage");

@ObjectType("EvalScore", { description: "One version against one agent, over the tagged scenarios' iterations." })
export class EvalScoreType {
  @Field(() => ID)
  versionId!: string;

  @Field(() => Int)
  version!: number;

  @Field(() => Int, { description: "Iterations run." })
  results!: number;

  @Field(() => Int, { description: "Iterations whose every expectation held." })
  passed!: number;

  @Field(() => Int, { description: "Iterations that loaded the skill." })
  loaded!: number;

  @Field(() => Float, { nullable: true, description: "passed / results" })
  passRate!: number | null;

  @Field(() => Float, { nullable: true, description: "loaded / results" })
  loadRate!: number | null;
}

@ObjectType("EvalAgentComparison")
export class EvalAgentComparisonType {
  @Field(() => ID)
  agentId!: string;

  @Field(() => String)
  agentName!: string;

  @Field(() => EvalScoreType)
  candidate!: EvalScoreType;

  @Field(() => EvalScoreType, { nullable: true, description: "null when no version is live." })
  live!: EvalScoreType | null;
}

@ObjectType("EvalComparison", {
  description: "The publish gate: the skill's tagged scenarios against every agent reached, candidate vs live.",
})
export class EvalComparisonType {
  @Field(() => String, { description: "skill:<name>" })
  tag!: string;

  @Field(() => Int)
  iterations!: number;

  @Field(() => Int, { description: "Tagged scenarios run (0: none, nothing was run)." })
  scenarios!: number;

  @Field(() => [EvalAgentComparisonType])
  agents!: EvalAgentComparisonType[];

  @Field(() => [String])
  warnings!: string[];
}
