import { OpenAPIRegistry, OpenApiGeneratorV3 } from "@asteasolutions/zod-to-openapi";
import type { ApiRoute } from "./route.ts";

/** The API as OpenAPI 3, generated from the route declarations (each operation carries `x-access`). */
export function buildOpenApiDocument(routes: readonly ApiRoute[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
  });
  registry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
  for (const route of routes) registry.registerPath(route.openapi);
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: "3.0.3",
    info: {
      title: "Haggle API",
      version: "0.1.0",
      description: "The public HTTP API of Haggle. Money is in dollars, always a whole number of cents.",
    },
  });
}
