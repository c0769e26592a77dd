import { HealthSchema } from "@haggle/contract/account";
import { workerNumber } from "../platform/cluster/workers.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { type ApiRoute, defineRoute } from "./route.ts";

/** Liveness and the API's own description; `allRoutes` is read on the first request for the document. */
export function systemRoutes(allRoutes: () => readonly ApiRoute[]): ApiRoute[] {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return [
    defineRoute({
      method: "get",
      path: "/healthz",
      summary: "Liveness and database kind",
      tag: "Health",
      access: "public",
      response: HealthSchema,
      handler: async (c) => {
        const { database } = c.get("deps");
        // Its own connection on the PostgreSQL server: a pool busy with slow queries is not an outage.
        const ok = await database.ping().then(
          () => true,
          () => false,
        );
        const worker = workerNumber();
        return c.json({ ok, db: database.kind, ...(worker === null ? {} : { worker }) }, ok ? 200 : 503);
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
