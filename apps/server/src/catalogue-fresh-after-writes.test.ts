import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { catalogueFreshAfterWrites } from "./app.ts";
import type { AppDeps, AppEnv } from "./http/context.ts";

describe("the catalogue's freshness after a write", () => {
  function appCounting() {
    let looks = 0;
    const afterWrite = async () => {
      looks += 1;
    };
    const answers = { afterWrite } as unknown as AppDeps["answers"];
    const app = new Hono<AppEnv>();
    app.use("*", catalogueFreshAfterWrites({ answers }));
    app.get("/read", (c) => c.text("ok"));
    app.post("/write", (c) => c.text("saved", 201));
    app.post("/refused", (c) => c.json({ error: { message: "Sign in first." } }, 401));
    app.post("/bad", (c) => c.json({ error: { message: "name is required." } }, 400));
    app.post("/failed", (c) => c.text("oops", 500));
    return { app, looks: () => looks };
  }

  it("looks at the catalogue version after a write that went through, or failed on the server", async () => {
    const { app, looks } = appCounting();
    await app.request("/write", { method: "POST" });
    await app.request("/failed", { method: "POST" });
    expect(looks()).toBe(2);
  });

  it("costs no look for a read, nor for a request refused with a 4xx (it changed nothing)", async () => {
    const { app, looks } = appCounting();
    await app.request("/read");
    await app.request("/refused", { method: "POST" });
    await app.request("/bad", { method: "POST" });
    expect(looks()).toBe(0);
  });
});
