/**
 * The call runtime under load: seeds a scratch PostgreSQL database with today's
 * registry (1,000 skills × 10 versions, 2,000 agents × 5 versions: 10,000 agent versions, 3–8 skill entries each,
 * some pinned) in bulk, checks one call through GraphQL, warms every agent, then drives from a child process
 * (autocannon, 10 connections), each group of passes alternated round by round in the same run:
 *   (a) a bare Node `http` handler answering the captured startCall answer from a Map,
 *   (a+w) the same after writing the call's rows (captured from a real startCall) in one statement through `pg`,
 *   Apollo alone (Apollo Server on `node:http`, a one-field schema, no plugins) and the GraphQL floor
 *   (`{ __typename }` with the key through the app), (c) startCall with warm caches;
 *   (b) a bare handler running the resolution statement through `pg`, (c') startCall with every call-path cache emptied;
 *   (d) loadSkill at 500 req/s (autocannon's overallRate), every request a real load;
 * with, alternated in the same rounds, the same (c), (b)/(c') and (d) against a second database and app whose registry
 * is 10× (10,000 skills, 100,000 agent versions), over the same 2,000 agents; then what a call start of a 7-skill
 * agent stores; then the (a)/(c) pair on SQLite (the embedded default: a file, the app's own settings, the same
 * registry). It prints every pass, the 10× targets table and how each figure moved at 10×. Not a test: it reports.
 *   npm run bench                                        (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   cd server && node dist/bench/call-runtime.bench.js   (this bench alone)
 * Knobs: BENCH_DURATION (seconds per run of a pass, default 3), BENCH_ROUNDS (alternated runs per pass, default 2),
 * BENCH_CONNECTIONS (default 10), BENCH_LOAD_RATE (loadSkill's rate, default 500), BENCH_SQLITE=0 and BENCH_GROWTH=0
 * skip those parts, BENCH_PHASES=1 adds the sequential breakdown of one request, BENCH_POOL_SIZE (database
 * connections of the server and of (b), default 10 as the server's), BENCH_KEEP_DB=1 keeps the seeded database,
 * BENCH_LOAD_ONLY=1 runs only the loadSkill passes and their floor (a+u),
 * BENCH_CPU_PROFILE=<dir> writes CPU profiles of this process (the servers under test) per part.
 *
 * The parts: call-runtime/seed.ts (the data), instance.ts (the app under test), load.ts (the load generator),
 * rig.ts (one PostgreSQL registry under test), passes.ts (passes and their alternation), baselines.ts and probes.ts (bare servers, counters), phases.ts
 * (sequential timings), report.ts (what is printed), index.ts (the run).
 */
import "./production-mode";
import { run } from "./call-runtime";

export { run, type CallRuntimeBenchResult } from "./call-runtime";

if (require.main === module)
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
