import { groupedBy, LoaderKey, type LoaderRegistry } from "../../platform/graphql/context";
import type { EvalResultEntity } from "./eval.entity";
import type { EvalService } from "./eval.service";

export const EVAL_RESULTS = new LoaderKey<string, EvalResultEntity[]>("evalResults");

export function registerEvalLoaders(registry: LoaderRegistry, evals: EvalService): void {
  registry.register(EVAL_RESULTS, async (ids) => groupedBy(await evals.resultsOf(ids), "runId", ids));
}
