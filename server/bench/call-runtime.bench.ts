/**
 * The call runtime under load (issue 4, "Benchmarks"): seeds one scratch PostgreSQL database with 1,000 skills ×
 * 10 versions and 2,000 agents × 5 versions (10,000 agent versions, 3–8 skill entries each, some pinned) in bulk,
 * checks one call through GraphQL, then drives, one after another in the same run with the same autocannon settings:
 *   (a) a bare Node `http` handler answering with a captured startCall response from an in-memory Map,
 *   (b) a bare Node `http` handler running the resolution statement (SkillRepository.publishedOrPinned) through `pg`,
 *   the GraphQL floor (`{ __typename }` with the key: HTTP, Express, Helmet, Apollo, auth and nothing else),
 *   (c) `startCall` through GraphQL, caches warm; (c') the same with the hot-path caches emptied before every
 *       request (and, for reference, the first pass over 2,000 agents never seen),
 *   (d) `loadSkill` through GraphQL, every request a real load (with eviction once the cap is reached),
 * plus the rate-limited passes the issue sets latency targets for (autocannon's overallRate, and an open-loop pass
 * at 100 req/s), the CPU each request costs the server process, PostgreSQL and the load generator, the SQL each
 * operation sends, and a sequential breakdown of where one request's time goes. Not a test: it reports.
 *   npm run bench                                        (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   cd server && node dist/bench/call-runtime.bench.js   (this bench alone)
 * Knobs: BENCH_DURATION (seconds per pass, default 10), BENCH_CONNECTIONS (default 20), BENCH_POOL_SIZE (database
 * connections of the server and of (b), default 10 as the server's), BENCH_KEEP_DB=1 keeps the seeded database,
 * BENCH_CPU_PROFILE=<dir> writes CPU profiles of the server process during (c), (c') and (d).
 *
 * The load generator (autocannon) runs in a child process (call-runtime/load.ts, forked with --loadgen), so it does
 * not share the server's event loop; latencies are taken per response there, to the microsecond.
 * The parts: call-runtime/seed.ts (the data), load.ts (the load generator), probes.ts (bare servers, counters,
 * timed writes), phases.ts (sequential timings), report.ts (what is printed), index.ts (the run).
 */
import { run } from "./call-runtime";

export { run, type CallRuntimeBenchResult } from "./call-runtime";

if (require.main === module)
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
