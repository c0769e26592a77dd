/**
 * npm run test:deploy: builds the images, starts compose.yaml with APP_REPLICAS replicas behind
 * the balancer on PostgreSQL, and proves the shop's promises across replicas. Needs podman,
 * podman-compose and minutes; not part of npm test. Figures go to bench/README.md.
 *
 * Environment: CONTAINER_BASE_IMAGE (default: built here by containers/build-local-base.sh),
 * POSTGRES_IMAGE (default: built here from Debian's package), APP_REPLICAS (2), BALANCER_PORT
 * (3540), KEEP=1 leaves the containers running.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  claimMerchant,
  type Deployment,
  migrationsRanOnce,
  ordersLandOnce,
  rateLimitIsShared,
  realtimeCrossesReplicas,
  stockNeverOversold,
  streamCapIsShared,
} from "./checks.ts";
import { journeyThroughTheBalancer } from "./journey.ts";
import { readyzFollowsTheDatabase, rollingRestartFailsNothing, sigtermLosesNoOrder } from "./failover.ts";
import { containerAddress, imageExists, imageSize, podman, ROOT, run, statusOf, until } from "./podman.ts";

const PROJECT = "haggle-test";
const REPLICAS = Number(process.env.APP_REPLICAS ?? 2);
const PORT = Number(process.env.BALANCER_PORT ?? 3540);
const ASSISTANT_LIMIT = 6;
const STREAMS_PER_USER = 3;
process.env.CONTAINERS_CONF ??= path.join(ROOT, "containers/containers.conf");

const figures: Record<string, unknown> = {};
const testStarted = performance.now();

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  process.stderr.write(`\n== ${name}\n`);
  const result = await work();
  const ms = Math.round(performance.now() - started);
  figures[name] = result === undefined ? { ms } : { ...(result as object), ms };
  process.stderr.write(`== ${name}: ok ${JSON.stringify(figures[name])}\n`);
  return result;
}

async function build(image: string, file: string, base: string, extra: string[] = []) {
  await run("podman", [
    "build",
    "--format",
    "docker",
    "--build-arg",
    `BASE_IMAGE=${base}`,
    ...extra,
    "-f",
    file,
    "-t",
    image,
    ".",
  ]);
}

async function images() {
  let base = process.env.CONTAINER_BASE_IMAGE;
  if (!base) {
    base = "localhost/haggle-node-base:bookworm";
    await timed("local base image", async () => {
      await run("containers/build-local-base.sh", [base!]);
    });
  }
  // A registry behind a proxy with its own authority: the host's bundle, as a build secret (no layer).
  const ca = ["--secret", "id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt"];
  await timed("app image", async () => {
    await build("localhost/haggle:test", "containers/Containerfile", base!, ca);
    return { bytes: await imageSize("localhost/haggle:test") };
  });
  await timed("balancer image", () =>
    build("localhost/haggle-balancer:test", "containers/balancer.Containerfile", base!),
  );
  let postgres = process.env.POSTGRES_IMAGE;
  if (!postgres) {
    postgres = "localhost/haggle-postgres:test";
    if (!(await imageExists(postgres)))
      await timed("postgres image", () => build(postgres!, "containers/postgres.Containerfile", base!));
  }
  return postgres;
}

function secrets(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "haggle-secrets-"));
  const password = randomBytes(18).toString("hex");
  writeFileSync(path.join(dir, "db_password"), `${password}\n`);
  writeFileSync(path.join(dir, "database_url"), `postgres://haggle:${password}@db:5432/haggle\n`);
  writeFileSync(path.join(dir, "auth_secret"), `${randomBytes(32).toString("hex")}\n`);
  // The test's own settings on top of compose.yaml: its address, and limits its many sign-ups fit in.
  writeFileSync(
    path.join(dir, "test.compose.yaml"),
    [
      "services:",
      "  app:",
      "    environment:",
      `      PUBLIC_URL: "http://127.0.0.1:${PORT}"`,
      `      SIGN_UP_RATE_LIMIT_PER_IP: "1000"`,
      `      AUTH_RATE_LIMIT_PER_IP: "1000"`,
      `      ASSISTANT_RATE_LIMIT_PER_MINUTE: "${ASSISTANT_LIMIT}"`,
      `      REALTIME_STREAMS_PER_USER: "${STREAMS_PER_USER}"`,
      "",
    ].join("\n"),
  );
  return dir;
}

function compose(dir: string, postgres: string, args: string[], allowFail = false) {
  return run(
    "podman-compose",
    ["-p", PROJECT, "-f", "compose.yaml", "-f", path.join(dir, "test.compose.yaml"), ...args],
    {
      allowFail,
      quiet: true,
      env: {
        ...process.env,
        HAGGLE_IMAGE: "localhost/haggle:test",
        BALANCER_IMAGE: "localhost/haggle-balancer:test",
        POSTGRES_IMAGE: postgres,
        APP_REPLICAS: String(REPLICAS),
        BALANCER_PORT: String(PORT),
        SECRETS_DIR: dir,
      },
    },
  );
}

async function main() {
  const postgres = await images();
  const dir = secrets();
  await compose(dir, postgres, ["down", "-v"], true);
  let failed = false;
  try {
    const shop = await timed("start", async () => {
      await compose(dir, postgres, ["up", "-d"]);
      const names = Array.from({ length: REPLICAS }, (_, i) => `${PROJECT}_app_${i + 1}`);
      const replicas = await Promise.all(
        names.map(async (name) => ({ name, url: `http://${await containerAddress(name)}:3000` })),
      );
      const deployment: Deployment = {
        balancer: `http://127.0.0.1:${PORT}`,
        replicas,
        db: `${PROJECT}_db_1`,
      };
      await until("every replica ready", 300, async () => {
        const statuses = await Promise.all(replicas.map((r) => statusOf(`${r.url}/readyz`)));
        return statuses.every((s) => s === 200) ? true : undefined;
      });
      await until("the balancer", 60, async () =>
        (await statusOf(`${deployment.balancer}/readyz`)) === 200 ? true : undefined,
      );
      return deployment;
    });
    await timed("migrations ran once", () => migrationsRanOnce(shop));
    const { merchant, codesPrinted } = await claimMerchant(shop);
    figures["claim with a setup code"] = { codesPrinted };
    await timed("journey through the balancer: browse, negotiate, check out", () =>
      journeyThroughTheBalancer(shop),
    );
    await timed("one order per idempotency key across replicas", () => ordersLandOnce(shop, merchant));
    await timed("stock never oversold", () => stockNeverOversold(shop, merchant));
    await timed("realtime across replicas", () => realtimeCrossesReplicas(shop, merchant));
    await timed("rate limit shared by replicas", () => rateLimitIsShared(shop, ASSISTANT_LIMIT));
    await timed("realtime stream cap shared by replicas", () => streamCapIsShared(shop, STREAMS_PER_USER));
    await timed("SIGTERM during 50 concurrent checkouts loses no order", () =>
      sigtermLosesNoOrder(shop, merchant),
    );
    await timed("rolling restart under load fails nothing", () => rollingRestartFailsNothing(shop, merchant));
    await timed("/readyz follows the database", () => readyzFollowsTheDatabase(shop));
  } catch (error) {
    failed = true;
    console.error(`\nFAILED: ${(error as Error).message}`);
    for (let i = 1; i <= REPLICAS; i++) {
      const { out } = await podman(["logs", "--tail", "15", `${PROJECT}_app_${i}`], { allowFail: true });
      console.error(`--- ${PROJECT}_app_${i}\n${out}`);
    }
  } finally {
    if (process.env.KEEP !== "1") {
      await compose(dir, postgres, ["down", "-v"], true);
      // podman-compose 1.0 leaves the project's network behind.
      await podman(["network", "rm", "-f", `${PROJECT}_default`], { allowFail: true });
    }
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(figures, null, 2));
  const checks = Object.keys(figures).length;
  const app = figures["app image"] as { bytes?: number } | undefined;
  const mb = app?.bytes ? `${Math.round(app.bytes / 1e6)} MB` : "not built";
  console.log(
    `test:deploy: ${failed ? "FAILED" : "passed"}: ${checks} steps, ${REPLICAS} replicas behind the balancer, ` +
      `image ${mb}, ${Math.round((performance.now() - testStarted) / 1000)} s`,
  );
  process.exit(failed ? 1 : 0);
}

await main();
