import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { parseEnv } from "./env.ts";
import { serverProcessCount } from "./platform/cluster/workers.ts";
import { createLogger } from "./platform/logger.ts";

const processStarted = performance.now();
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const workers = serverProcessCount(env, availableParallelism());
if (cluster.isPrimary && workers > 1) {
  // Several server processes on one port (PostgreSQL server only): docs/decisions/0016-workers.md.
  const { runPrimary } = await import("./cluster-primary.ts");
  await runPrimary(env, workers, createLogger(env.LOG_LEVEL));
} else {
  const { serveProcess } = await import("./serve-process.ts");
  await serveProcess(env, processStarted);
}
