import { DomainError } from "@haggle/domain/errors";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { HttpError, notFound } from "../../http/http-error.ts";
import { acceptOffer, getNegotiation, startNegotiation } from "./negotiation.service.ts";

function negotiationId(raw: string) {
  if (!z.uuid().safeParse(raw).success) throw notFound("No negotiation has that id.");
  return raw;
}

export function negotiationRoutes() {
  const app = new Hono<AppEnv>();
  app.post("/", async (c) => {
    const who = await requireUser(c);
    try {
      return c.json(await startNegotiation(c.get("deps").database.db, who), 201);
    } catch (error) {
      if (error instanceof HttpError || error instanceof DomainError) throw error;
      c.get("log").error({ err: error }, "negotiation start failed");
      throw new HttpError(500, "NEGOTIATION_INIT_FAILED", "Failed to initialize negotiation");
    }
  });
  app.get("/:id", async (c) => {
    const who = await requireUser(c);
    return c.json(await getNegotiation(c.get("deps").database.db, who, negotiationId(c.req.param("id"))));
  });
  app.post("/:id/accept", async (c) => {
    const who = await requireUser(c);
    try {
      return c.json(await acceptOffer(c.get("deps").database.db, who, negotiationId(c.req.param("id"))));
    } catch (error) {
      if (error instanceof HttpError || error instanceof DomainError) throw error;
      c.get("log").error({ err: error }, "applying the negotiation failed");
      throw new HttpError(500, "APPLY_FAILED", "Failed to apply negotiation");
    }
  });
  return app;
}
