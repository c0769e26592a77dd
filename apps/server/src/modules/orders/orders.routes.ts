import { IDEMPOTENCY_KEY_PATTERN } from "@haggle/contract/orders";
import { DomainError } from "@haggle/domain/errors";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { badRequest, HttpError, notFound } from "../../http/http-error.ts";
import { checkout } from "./checkout.service.ts";
import { listOrders, loadOrder } from "./orders.service.ts";

export function checkoutRoutes() {
  const app = new Hono<AppEnv>();
  app.post("/", async (c) => {
    const who = await requireUser(c);
    const key = c.req.header("idempotency-key");
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest(
        "An Idempotency-Key header of 8 to 128 letters, digits, '-' or '_' is required.",
        "IDEMPOTENCY_KEY_REQUIRED",
      );
    }
    try {
      const { order, created } = await checkout(c.get("deps").database.db, who, key);
      return c.json(order, created ? 201 : 200);
    } catch (error) {
      if (error instanceof HttpError || error instanceof DomainError) throw error;
      c.get("log").error({ err: error }, "checkout failed");
      throw new HttpError(500, "CHECKOUT_FAILED", "Something went wrong during checkout");
    }
  });
  return app;
}

export function orderRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const who = await requireUser(c);
    return c.json(await listOrders(c.get("deps").database.db, who.id));
  });
  app.get("/:id", async (c) => {
    const who = await requireUser(c);
    const id = c.req.param("id");
    const order = z.uuid().safeParse(id).success
      ? await loadOrder(c.get("deps").database.db, who.id, id)
      : null;
    if (!order) throw notFound("Order not found");
    return c.json(order);
  });
  return app;
}
