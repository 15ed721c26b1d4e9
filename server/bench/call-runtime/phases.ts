/** The call runtime bench's sequential probes: where one request's time goes, and the call-start write alone. */
import type { Client } from "pg";
import type { App } from "../../src/app";
import type { Database } from "../../src/platform/db/database";
import { Loaders } from "../../src/platform/graphql/context";
import type { AuthContext } from "../../src/modules/auth/auth.service";
import { modelContextOf } from "../../src/modules/calls/call-state";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL, TRIVIAL, type Gql } from "./operations";
import { countStatements, timeIt, type Timing } from "./probes";
import { MAX_LOADED, type SeededAgent } from "./seed";

export interface SequentialInputs {
  app: App;
  db: Database;
  /** A connection of its own, for the commit floor. */
  monitor: Client;
  gql: Gql;
  adminKey: string;
  projectId: string;
  agents: SeededAgent[];
  /** The checked agent: pinned entries and more skills than the cap. */
  probe: SeededAgent;
  /** Empties the hot-path caches. */
  clearAll: () => void;
  /** A captured startCall answer (for the JSON.stringify phase). */
  startAnswer: unknown;
}

export interface SequentialFigures {
  runs: number;
  phases: Record<string, Timing>;
  startStatements: string[];
  coldStatements: string[];
  loadStatements: string[];
}

export async function sequentialProbes(inputs: SequentialInputs): Promise<SequentialFigures> {
  const { app, db, monitor, gql, adminKey, projectId, agents, probe, clearAll } = inputs;
  // 4. Where one request's time goes, sequentially (no contention), caches warm: wall time and this process's CPU.
  const { principal } = await app.services.auth.authenticate(`Bearer ${adminKey}`);
  const ctx = (): AuthContext => ({ requestId: "bench", principal, loaders: new Loaders() });
  const phaseAgents = agents.filter((x) => x.entries.length > MAX_LOADED + 1).slice(0, 200);
  let k = 0;
  const nextAgent = () => phaseAgents[k++ % phaseAgents.length]!;
  const runs = 300;
  // The statements of one warm startCall, and of one load that evicts (the 4th on a call with a cap of 3).
  const someCall = await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
  for (const e of probe.entries.slice(0, MAX_LOADED)) await app.services.calls.loadSkill(ctx(), someCall.id, e.name);
  const counting = countStatements(db);
  await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
  const startStatements = counting.seen;
  counting.reset();
  clearAll();
  await app.services.calls.start(ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
  const coldStatements = counting.seen;
  counting.reset();
  const evicting = await app.services.calls.loadSkill(ctx(), someCall.id, probe.entries[MAX_LOADED]!.name);
  const loadStatements = counting.seen;
  counting.stop();
  if (evicting.status !== "LOADED" || !evicting.unloaded)
    throw new Error(`expected an evicting load: ${evicting.status}`);
  for (const x of phaseAgents) {
    const agent = await app.services.agentDirectory.published(projectId, x.id); // warm again after the cold start
    await app.services.callResolution.segmentFor(projectId, agent!);
  }
  await monitor.query("CREATE TABLE bench_commit_probe (id integer)");
  const phases: Record<string, Timing> = {};
  const phase = async (name: string, fn: () => Promise<unknown>) => void (phases[name] = await timeIt(runs, fn));
  await phase("GraphQL startCall (HTTP, in-process client)", () =>
    gql(START_CALL, { input: { agentId: nextAgent().id, variables: CALL_VARIABLES } }, adminKey),
  );
  await phase("GraphQL { __typename } with the key (HTTP, Express, Apollo, auth)", () => gql(TRIVIAL, {}, adminKey));
  await phase("  auth: authenticate(Bearer key)", () => app.services.auth.authenticate(`Bearer ${adminKey}`));
  {
    // The GraphQL side of startCall alone: the service answers a ready call, the resolvers and Apollo do the rest.
    const calls = app.services.calls;
    const start = calls.start;
    const ready = await start.call(calls, ctx(), { agentId: probe.id, variables: CALL_VARIABLES });
    calls.start = async () => ready;
    try {
      await phase("GraphQL startCall with CallService.start stubbed (a ready call)", () =>
        gql(START_CALL, { input: { agentId: probe.id, variables: CALL_VARIABLES } }, adminKey),
      );
    } finally {
      calls.start = start;
    }
  }
  await phase("CallService.start (no GraphQL)", () =>
    app.services.calls.start(ctx(), { agentId: nextAgent().id, variables: CALL_VARIABLES }),
  );
  await phase("  resolution: agentDirectory.published + segmentFor", async () => {
    const agent = await app.services.agentDirectory.published(projectId, nextAgent().id);
    await app.services.callResolution.segmentFor(projectId, agent!);
  });
  await phase("  modelContextOf(state): prompt + tools (3× per startCall)", async () => modelContextOf(someCall.state));
  await phase("  JSON.stringify of a startCall answer", async () => JSON.stringify(inputs.startAnswer));
  await phase("PostgreSQL floor: BEGIN; INSERT 1 row; COMMIT (pg, fsync)", async () => {
    await monitor.query("BEGIN");
    await monitor.query("INSERT INTO bench_commit_probe VALUES (1)");
    await monitor.query("COMMIT");
  });
  const phaseCalls: Array<{ id: string; names: string[] }> = [];
  for (const x of phaseAgents) {
    const call = await app.services.calls.start(ctx(), { agentId: x.id, variables: CALL_VARIABLES });
    phaseCalls.push({ id: call.id, names: x.entries.map((e) => e.name) });
  }
  let j = 0;
  const loadArgs = () => {
    const call = phaseCalls[j % phaseCalls.length]!;
    const name = call.names[Math.floor(j / phaseCalls.length) % call.names.length]!;
    j++;
    return { callId: call.id, name };
  };
  await phase("GraphQL loadSkill (HTTP, in-process client)", () => gql(LOAD_SKILL, loadArgs(), adminKey));
  await phase("CallService.loadSkill (no GraphQL)", () => {
    const { callId, name } = loadArgs();
    return app.services.calls.loadSkill(ctx(), callId, name);
  });

  return { runs, phases, startStatements, coldStatements, loadStatements };
}
