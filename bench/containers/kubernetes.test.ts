/**
 * The Kubernetes example in deploy/kubernetes, validated offline against the Kubernetes API's
 * schemas (kubernetes-models ships them compiled; nothing is fetched), and held to what the shop
 * needs of it: probes on /healthz and /readyz, the migrations' Job, secrets from the Secret.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { Job } from "kubernetes-models/batch/v1/Job";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { ROOT } from "./podman.ts";

const DIR = path.join(ROOT, "deploy/kubernetes");

/** The kinds the example uses, by apiVersion and kind; any other is an error (no schema here). */
const MODELS = {
  "apps/v1/Deployment": Deployment,
  "batch/v1/Job": Job,
  "v1/ConfigMap": ConfigMap,
  "v1/PersistentVolumeClaim": PersistentVolumeClaim,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "networking.k8s.io/v1/Ingress": Ingress,
} as const;

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

function manifests(): { file: string; doc: Manifest }[] {
  return readdirSync(DIR)
    .filter((file) => file.endsWith(".yaml"))
    .sort()
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(DIR, file), "utf8")).map((parsed) => {
        if (parsed.errors.length > 0) throw new Error(`${file}: ${parsed.errors[0]!.message}`);
        return { file, doc: parsed.toJS() as Manifest };
      }),
    );
}

function find(kind: string): Manifest {
  const found = manifests().find(({ doc }) => doc.kind === kind);
  if (!found) throw new Error(`deploy/kubernetes has no ${kind}`);
  return found.doc;
}

describe("deploy/kubernetes", () => {
  it("is valid against the Kubernetes schemas, every document", () => {
    const all = manifests();
    expect(all.length).toBeGreaterThanOrEqual(7);
    for (const { file, doc } of all) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}` as keyof typeof MODELS];
      if (!Model) throw new Error(`${file}: ${doc.apiVersion} ${doc.kind} has no schema in this test`);
      expect(
        () => new Model(doc as never).validate(),
        `${file} (${doc.kind} ${doc.metadata?.name})`,
      ).not.toThrow();
    }
  });

  it("catches a manifest the schemas refuse (the check is real)", () => {
    const broken = structuredClone(find("Deployment")) as never as {
      spec: {
        replicas: unknown;
        template: { spec: { containers: { ports: { containerPort: unknown }[] }[] } };
      };
    };
    broken.spec.template.spec.containers[0]!.ports[0]!.containerPort = "three thousand";
    expect(() => new Deployment(broken as never).validate()).toThrow(/containerPort/);
    broken.spec.template.spec.containers[0]!.ports[0]!.containerPort = 3000;
    broken.spec.replicas = "two";
    expect(() => new Deployment(broken as never).validate()).toThrow(/replicas/);
  });

  it("probes alive on /healthz and ready on /readyz, and takes its secrets from the Secret", () => {
    const deployment = new Deployment(find("Deployment") as never);
    const app = deployment.spec!.template.spec!.containers[0]!;
    expect(app.livenessProbe?.httpGet?.path).toBe("/healthz");
    expect(app.readinessProbe?.httpGet?.path).toBe("/readyz");
    expect(app.startupProbe?.httpGet?.path).toBe("/healthz");
    // SIGTERM drains in up to 10 s: the grace period must leave it that, after the preStop pause.
    expect(deployment.spec!.template.spec!.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15);
    const secret = find("Secret") as Manifest & { stringData: Record<string, string> };
    const fromSecret = Object.fromEntries((app.env ?? []).map((e) => [e.name, e.valueFrom?.secretKeyRef]));
    for (const name of ["DATABASE_URL", "AUTH_SECRET"]) {
      expect(fromSecret[name]?.name, name).toBe(secret.metadata.name);
      expect(Object.keys(secret.stringData), name).toContain(fromSecret[name]?.key);
    }
    const configMap = find("ConfigMap") as Manifest & { data: Record<string, string> };
    expect(app.envFrom?.[0]?.configMapRef?.name).toBe(configMap.metadata.name);
    const service = new Service(find("Service") as never);
    expect(service.spec!.selector).toEqual(deployment.spec!.selector.matchLabels);
  });

  it("runs the migrations in a Job with the image's migrate entry, which the server build makes", () => {
    const job = new Job(find("Job") as never);
    const container = job.spec!.template.spec!.containers[0]!;
    expect(container.command).toEqual(["node", "apps/server/dist/migrate.js"]);
    const build = readFileSync(path.join(ROOT, "scripts/build-server.mjs"), "utf8");
    expect(build).toContain('MIGRATE_ENTRY = "apps/server/src/migrate.ts"');
    const app = new Deployment(find("Deployment") as never).spec!.template.spec!.containers[0]!;
    expect(container.image).toBe(app.image);
  });
});
