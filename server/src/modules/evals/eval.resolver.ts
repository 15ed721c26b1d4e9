import type { GraphQLResolveInfo } from "graphql";
import { Arg, Ctx, FieldResolver, Float, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { Page } from "../../platform/graphql/page";
import { selectsPath } from "../../platform/graphql/selection";
import type { AuthContext } from "../auth";
import type { EvalResultEntity, EvalRunEntity, EvalScenarioEntity } from "./eval.entity";
import { EVAL_RESULTS } from "./eval.loaders";
import type { EvalService } from "./eval.service";
import {
  EvalResultType,
  EvalRunPage,
  EvalRunType,
  EvalScenarioInput,
  EvalScenarioPage,
  EvalScenarioType,
  StartEvalRunInput,
} from "./eval.types";

@Resolver(() => EvalScenarioType)
export class EvalScenarioResolver {
  constructor(private readonly evals: EvalService) {}

  @Query(() => EvalScenarioPage, { description: "Oldest first; `tag` keeps the scenarios carrying it." })
  evalScenarios(
    @Ctx() ctx: AuthContext,
    @Arg("tag", () => String, { nullable: true }) tag: string | null,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
  ): Promise<Page<EvalScenarioEntity>> {
    return this.evals.scenarios(ctx, tag, page, limit);
  }

  @Mutation(() => EvalScenarioType, { description: "Creates a scenario, or replaces the one `id` names." })
  saveEvalScenario(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => EvalScenarioInput) input: EvalScenarioInput,
    @Arg("id", () => ID, { nullable: true }) id: string | null,
  ): Promise<EvalScenarioEntity> {
    return this.evals.saveScenario(ctx, input, id);
  }

  @Mutation(() => ID)
  deleteEvalScenario(@Ctx() ctx: AuthContext, @Arg("id", () => ID) id: string): Promise<string> {
    return this.evals.deleteScenario(ctx, id);
  }
}

@Resolver(() => EvalRunType)
export class EvalRunResolver {
  constructor(private readonly evals: EvalService) {}

  // A run asked with its results is read with them in one statement: progress, passRate and results agree.
  @Query(() => EvalRunType, { nullable: true })
  evalRun(
    @Ctx() ctx: AuthContext,
    @Arg("id", () => ID) id: string,
    @Info() info: GraphQLResolveInfo,
  ): Promise<EvalRunEntity | null> {
    return this.evals.run(ctx, id, selectsPath(info, ["results"]));
  }

  @Query(() => EvalRunPage, { description: "Newest first." })
  evalRuns(
    @Ctx() ctx: AuthContext,
    @Arg("page", () => Int, { defaultValue: 1 }) page: number,
    @Arg("limit", () => Int, { defaultValue: 50 }) limit: number,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Page<EvalRunEntity>> {
    return this.evals.runs(ctx, page, limit, selectsPath(info, ["items", "results"]));
  }

  @Mutation(() => EvalRunType, {
    description: "Queues a run and answers at once (status queued); a worker resolves the target and runs it.",
  })
  startEvalRun(
    @Ctx() ctx: AuthContext,
    @Arg("input", () => StartEvalRunInput) input: StartEvalRunInput,
  ): Promise<EvalRunEntity> {
    return this.evals.startRun(ctx, input);
  }

  @FieldResolver(() => Float, { description: "Iterations finished / iterations in the run, 0–1." })
  progress(@Root() run: EvalRunEntity): number {
    if (run.status === "done") return 1;
    return run.total === 0 ? 0 : run.completed / run.total;
  }

  @FieldResolver(() => Float, { nullable: true, description: "Passed results / results, 0–1; null before any." })
  passRate(@Root() run: EvalRunEntity): number | null {
    return run.completed === 0 ? null : run.passed / run.completed;
  }

  @FieldResolver(() => [EvalResultType], { description: "By agent, scenario and iteration." })
  results(@Root() run: EvalRunEntity, @Ctx() ctx: AuthContext): Promise<EvalResultEntity[]> {
    // Read with the run (one snapshot) when the query asked for them; a run from elsewhere batches its read.
    return run.results ? Promise.resolve(run.results) : ctx.loaders.of(EVAL_RESULTS).load(run.id);
  }
}
