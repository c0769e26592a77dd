import { HealthSchema, ReadinessSchema } from "@haggle/contract/account";
import { NOT_READY_SENTENCES } from "../platform/lifecycle/readiness.ts";
import { workerNumber } from "../platform/cluster/workers.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { type ApiRoute, defineRoute } from "./route.ts";

/** Liveness, readiness and the API's own description; `allRoutes` is read on the first request for the document. */
export function systemRoutes(allRoutes: () => readonly ApiRoute[]): ApiRoute[] {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return [
    defineRoute({
      method: "get",
      path: "/healthz",
      summary: "Liveness: the process answers (whether it should get traffic is /readyz)",
      tag: "Health",
      access: "public",
      response: HealthSchema,
      handler: (c) => {
        const { database } = c.get("deps");
        // Alive says nothing of the database: an unreachable database is /readyz's 503, so an
        // orchestrator does not restart every replica when the database blinks.
        const worker = workerNumber();
        return c.json({ ok: true, db: database.kind, ...(worker === null ? {} : { worker }) }, 200);
      },
    }),
    defineRoute({
      method: "get",
      path: "/readyz",
      summary:
        "Readiness: 200 when the database answers and is migrated, 503 otherwise or while shutting down",
      tag: "Health",
      access: "public",
      response: ReadinessSchema,
      handler: async (c) => {
        const readiness = await c.get("deps").readiness.check();
        const worker = workerNumber();
        const which = worker === null ? {} : { worker };
        if (readiness.ready) return c.json({ ready: true, ...which }, 200);
        return c.json(
          {
            ready: false,
            reason: readiness.reason,
            message: NOT_READY_SENTENCES[readiness.reason],
            ...which,
          },
          503,
        );
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/openapi.json",
      summary: "This API described as OpenAPI 3",
      tag: "Health",
      access: "public",
      cache: "shared",
      handler: () => {
        document ??= buildOpenApiDocument(allRoutes());
        return document;
      },
    }),
  ];
}
