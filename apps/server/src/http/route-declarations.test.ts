import { conflict, DomainError, type DomainErrorKind, notFound } from "@haggle/domain/errors";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ROUTES } from "../app.ts";
import type { AppEnv } from "./context.ts";
import { answerFor, STATUS_OF_KIND } from "./error-table.ts";
import { mountRoutes } from "./mount-routes.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { defineRoute, pathId } from "./route.ts";

/** A bare app serving test declarations, answering errors as the real one does. */
function appServing(...routes: ReturnType<typeof defineRoute>[]) {
  const app = new Hono<AppEnv>();
  mountRoutes(app, routes);
  app.onError((error, c) => {
    const answer = answerFor(error);
    return c.json(answer.body, answer.status);
  });
  return app;
}

const echo = defineRoute({
  method: "post",
  path: "/echo/{id}",
  summary: "Echo",
  tag: "Test",
  access: "public",
  params: z.object({ id: pathId("No echo has that id.") }),
  query: z.object({ tag: z.union([z.string(), z.array(z.string())]).optional() }),
  body: z.object({ n: z.number({ error: "n must be a number." }).optional(), word: z.string().optional() }),
  handler: (c, input) => c.json({ params: input.params, query: input.query, body: input.body }),
});

const ID = "0b4a3c1e-5d6f-4a7b-8c9d-0e1f2a3b4c5d";

async function post(app: Hono<AppEnv>, path: string, body: string, contentType?: string) {
  const res = await app.request(path, {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });
  const json = (await res.json()) as {
    body?: unknown;
    query?: unknown;
    error: { code: string; message: string };
  };
  return { status: res.status, json };
}

describe("route declarations", () => {
  it("document every declared route once, with its access", () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size, "a method and path declared twice").toBe(keys.length);
    const paths = buildOpenApiDocument(API_ROUTES).paths as Record<
      string,
      Record<string, { "x-access"?: string }>
    >;
    const wrong = API_ROUTES.filter((r) => paths[r.path]?.[r.method]?.["x-access"] !== r.access).map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(wrong).toEqual([]);
  });

  it("document the ACP and MCP routes with the key alone, and better-auth's as served by it", () => {
    const paths = buildOpenApiDocument(API_ROUTES).paths as Record<
      string,
      Record<string, { "x-access"?: string; security?: unknown; "x-served-by"?: string }>
    >;
    const acp = paths["/acp/checkout_sessions"]?.post;
    expect(acp?.["x-access"]).toBe("api-key");
    expect(acp?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths["/mcp"]?.post?.["x-access"]).toBe("api-key-or-anonymous");
    const auth = Object.entries(paths).filter(([path]) => path.startsWith("/api/auth/"));
    expect(auth.length).toBeGreaterThan(0);
    for (const [, operations] of auth)
      for (const operation of Object.values(operations)) expect(operation["x-served-by"]).toBe("better-auth");
  });

  it("read the body as JSON whatever its content type; empty is {}, broken is INVALID_JSON, NUL is refused", async () => {
    const app = appServing(echo);
    expect((await post(app, `/echo/${ID}`, "", "application/json")).json.body).toEqual({});
    expect((await post(app, `/echo/${ID}`, '{"n":1}', "text/plain")).json.body).toEqual({ n: 1 });
    expect((await post(app, `/echo/${ID}`, "{oops", "application/json")).json).toEqual({
      error: { code: "INVALID_JSON", message: "The request body must be valid JSON." },
    });
    const nul = await post(app, `/echo/${ID}`, '{"word":"a\\u0000b"}', "application/json");
    expect(nul.status).toBe(400);
    expect(nul.json.error.message).toBe("The request contains a NUL character, which is not allowed.");
    const bad = await post(app, `/echo/${ID}`, '{"n":"x"}', "application/json");
    expect(bad).toEqual({
      status: 400,
      json: { error: { code: "BAD_REQUEST", message: "n must be a number." } },
    });
  });

  it("answer a malformed path id with 404 and its sentence, before the body is read", async () => {
    const res = await post(appServing(echo), "/echo/nope", "{oops", "application/json");
    expect(res).toEqual({
      status: 404,
      json: { error: { code: "NOT_FOUND", message: "No echo has that id." } },
    });
  });

  it("turn repeated query keys into arrays", async () => {
    const res = await post(appServing(echo), `/echo/${ID}?tag=a&tag=b`, "{}");
    expect(res.json.query).toEqual({ tag: ["a", "b"] });
  });

  it("turn an unexpected error into the declared failure, and let domain errors through", async () => {
    const failing = (error: Error) =>
      defineRoute({
        method: "post",
        path: "/fail",
        summary: "Fails",
        tag: "Test",
        access: "public",
        failure: { code: "TEST_FAILED", message: "The test failed." },
        handler: () => {
          throw error;
        },
      });
    expect(await post(appServing(failing(new Error("boom"))), "/fail", "")).toEqual({
      status: 500,
      json: { error: { code: "TEST_FAILED", message: "The test failed." } },
    });
    expect(await post(appServing(failing(conflict("Taken.", "TAKEN"))), "/fail", "")).toEqual({
      status: 409,
      json: { error: { code: "TAKEN", message: "Taken." } },
    });
  });
});

describe("the error table", () => {
  it("gives each domain error kind its status and the {error:{code,message}} body", () => {
    for (const [kind, status] of Object.entries(STATUS_OF_KIND)) {
      const answer = answerFor(new DomainError(kind as DomainErrorKind, "CODE", "A sentence."));
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error: { code: "CODE", message: "A sentence." } });
    }
    expect(answerFor(notFound("Gone.")).logged).toBeNull();
  });

  it("hides anything else behind a 500 it logs", () => {
    const error = new Error("secret detail");
    const answer = answerFor(error);
    expect(answer.status).toBe(500);
    expect(answer.body.error.code).toBe("INTERNAL");
    expect(answer.logged).toBe(error);
  });
});
