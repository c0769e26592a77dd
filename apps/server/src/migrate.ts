/**
 * Applies this version's migrations to the shop's database (DATABASE_URL, else the embedded one in
 * DATA_DIR, as the server reads them) and exits: 0 applied or nothing to apply, 1 failed. In the
 * image: `node apps/server/dist/migrate.js`, what a Kubernetes Job or init container runs before
 * the replicas start; from a checkout: `npm run migrate`. The server migrates at start too, under
 * the same PostgreSQL advisory lock, so running both, or several at once, applies each migration once.
 */
import { describeTarget, openTarget } from "./cli/db-target.ts";
import { parseEnv } from "./env.ts";

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const target = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
const started = performance.now();
const database = await openTarget(
  target,
  {},
  "A running server has already applied its migrations to this embedded database; stop it first to run this command.",
);
await database.close();
console.log(
  `Migrations applied to ${describeTarget(target)} (${((performance.now() - started) / 1000).toFixed(1)} s).`,
);
