/**
 * The benches measure what is deployed: the Docker image runs with NODE_ENV=production, under which graphql-js skips
 * its development-mode checks (`instanceOf` comparing class names whenever `instanceof` says no) and Apollo Server
 * its development defaults. Imported first by every bench entry point, before anything loads graphql; forked servers
 * and load generators inherit it, so both sides of every ratio (and both builds of a BENCH_AB run) run in one mode.
 * An explicit NODE_ENV wins (`NODE_ENV=development node dist/bench/…` measures the development mode).
 */
process.env.NODE_ENV ??= "production";
