/**
 * Where a cached `startCall`, an uncached one (every call-path cache emptied per request; a quarter of the requests)
 * and a `loadSkill` spend the server's CPU, per layer. The app on SQLite (the
 * embedded default) or PostgreSQL (`PROFILE_DB=postgres`), today's registry seeded, one warm-up start per agent; then
 * per operation a warm-up pass and a profiled pass from a load generator in a child process (4 connections), CPU per
 * request from `process.cpuUsage()` of this process (the server) and a V8 CPU profile whose samples are attributed to
 * layers by the script or package of the function they are in (self time; idle left out).
 *   cd server && npx tsc -p tsconfig.build.json && node dist/bench/call-profile.js
 * Knobs: PROFILE_DB (sqlite | postgres), PROFILE_REQUESTS (default 4000 per pass), PROFILE_OUT (a directory: keep
 * the .cpuprofile files), PROFILE_JIT=1 (GRAPHQL_JIT on), PROFILE_PASSES (e.g. "uncached,loadSkill": only the passes
 * whose names contain one), PROFILE_TOP=1 (the top functions too), TEST_DATABASE_URL.
 * PROFILE_ROLLOUT=1: instead, a cached start over one skill's followers with and without a staged rollout of it
 * running (RO-2; `call-runtime/rollout-profile.ts`), PROFILE_ROUNDS (default 3) and PROFILE_PERCENTS
 * (default "50") the rollout's percentages, PROFILE_CONNECTIONS (default 4), PROFILE_WARM (requests before each
 * measured pass), PROFILE_CPU=0 (no V8 profile: short alternated blocks, paired per round).
 */
import "./production-mode";
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { entities } from "../src/entities";
import { Database } from "../src/platform/db/database";
import { createScratchPostgres } from "../src/platform/db/scratch-postgres";
import { checkOneCall, startInstance, warmUp } from "./call-runtime/instance";
import { cpuMs, loadFromChild } from "./call-runtime/load";
import { layersOf, profiled } from "./call-runtime/layers";
import { CALL_VARIABLES, LOAD_SKILL, START_CALL } from "./call-runtime/operations";
import { hotPathCaches } from "./call-runtime/probes";
import { rolloutProfile } from "./call-runtime/rollout-profile";
import { MAX_LOADED, TODAY, seed } from "./call-runtime/seed";

async function main(): Promise<void> {
  const dbKind = process.env.PROFILE_DB ?? "sqlite";
  const requests = Number(process.env.PROFILE_REQUESTS ?? 4000);
  const out = process.env.PROFILE_OUT;
  const cleanup: Array<() => Promise<unknown>> = [];
  let db: Database;
  let postgresUrl: string | null = null;
  if (dbKind === "postgres") {
    const scratch = await createScratchPostgres(
      process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    );
    postgresUrl = scratch.url;
    db = await Database.open({ url: scratch.url, entities });
    cleanup.push(() => scratch.drop());
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-profile-"));
    db = await Database.open({ url: undefined, sqlitePath: path.join(dir, "skillgraph.db"), entities });
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  const instance = await startInstance(db, { graphqlJit: process.env.PROFILE_JIT === "1" });
  cleanup.unshift(() => instance.app.close());
  try {
    const seeded = await seed(postgresUrl ? { postgresUrl } : { sqlite: db }, instance.projectId, TODAY);
    await checkOneCall(instance, seeded.agents);
    const warm = await warmUp(instance, seeded.agents);
    if (process.env.PROFILE_ROLLOUT === "1") {
      await rolloutProfile(instance, seeded.agents, {
        requests,
        rounds: Number(process.env.PROFILE_ROUNDS ?? 3),
        percents: (process.env.PROFILE_PERCENTS ?? "50").split(",").map(Number),
        connections: Number(process.env.PROFILE_CONNECTIONS ?? 4),
        warm: Number(process.env.PROFILE_WARM ?? Math.min(requests, 1000)),
        profile: process.env.PROFILE_CPU !== "0",
      });
      return;
    }
    const starts = seeded.agents.map((a) =>
      JSON.stringify({ query: START_CALL, variables: { input: { agentId: a.id, variables: CALL_VARIABLES } } }),
    );
    const loadCalls = seeded.agents
      .filter((a) => a.entries.length > MAX_LOADED + 1)
      .map((a) => ({ id: warm.callOfAgent.get(a.id)!, names: a.entries.map((e) => e.name) }));
    const base = { url: instance.graphqlUrl, headers: instance.headers, connections: 4, duration: 0 };
    let next = 0;
    const passes: Array<[string, (amount: number) => Promise<unknown>]> = [
      [
        "startCall (cached)",
        (amount) =>
          loadFromChild({
            ...base,
            title: "startCall",
            amount,
            bodies: { list: starts, order: "random" },
            expect: '"systemPrompt"',
          }),
      ],
      [
        "startCall (uncached)",
        async (amount) => {
          // every call-path cache emptied as each request arrives (the key cache stays warm), as the bench's (c')
          const caches = hotPathCaches(instance.app);
          const clearAll = () => caches.forEach((c) => c.clear());
          instance.app.http.server.prependListener("request", clearAll);
          try {
            return await loadFromChild({
              ...base,
              title: "startCall (uncached)",
              amount: Math.ceil(amount / 4),
              bodies: { list: starts, order: "random" },
              expect: '"systemPrompt"',
            });
          } finally {
            instance.app.http.server.removeListener("request", clearAll);
          }
        },
      ],
      [
        "loadSkill",
        async (amount) => {
          const outcome = await loadFromChild({
            ...base,
            title: "loadSkill",
            amount,
            loadCycle: { query: LOAD_SKILL, calls: loadCalls, start: next },
            expect: '"status"',
          });
          next = outcome.next;
          return outcome;
        },
      ],
    ];
    console.log(
      `${dbKind}${process.env.PROFILE_JIT === "1" ? " (GRAPHQL_JIT)" : ""}, ${requests} requests per pass, 4 connections; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    const only = process.env.PROFILE_PASSES?.split(",");
    for (const [name, pass] of passes.filter(([n]) => !only || only.some((o) => n.includes(o)))) {
      await pass(Math.min(requests, 3000)); // the JIT settles
      const before = process.cpuUsage();
      const { result, profile } = await profiled(() => pass(requests));
      const counted = name.includes("uncached") ? Math.ceil(requests / 4) : requests;
      const cpu = cpuMs(process.cpuUsage(before)) / counted;
      const outcome = result as { non2xx: number; graphqlErrors: number; rps: number; expected: number };
      if (outcome.non2xx || outcome.graphqlErrors) throw new Error(`${name}: errors ${JSON.stringify(outcome)}`);
      if (out) {
        fs.mkdirSync(out, { recursive: true });
        fs.writeFileSync(path.join(out, `${dbKind}-${name.split(" ")[0]}.cpuprofile`), JSON.stringify(profile));
      }
      const { busyUs, shares, topFunctions } = layersOf(profile);
      const perRequest = busyUs / 1000 / counted;
      console.log(
        `\n${name}: ${cpu.toFixed(3)} ms CPU / req (process, profiler on), ${perRequest.toFixed(3)} ms busy samples / req, ${outcome.rps.toFixed(0)} req/s`,
      );
      console.log("| layer | share | ms / req |\n| --- | ---: | ---: |");
      for (const [layer, share] of shares)
        console.log(`| ${layer} | ${(share * 100).toFixed(1)}% | ${(share * perRequest).toFixed(3)} |`);
      if (process.env.PROFILE_TOP)
        for (const [fn, share] of topFunctions) console.log(`   ${(share * 100).toFixed(1)}%  ${fn}`);
    }
  } finally {
    for (const close of cleanup) await close().catch(() => undefined);
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
