import { ApproveNegotiationSchema, NegotiateRequestSchema } from "@haggle/contract/negotiation";
import { DomainError } from "@haggle/domain/errors";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { writeDone, writeText } from "../../http/sse.ts";
import { userRoles } from "../../platform/db/schema.ts";
import { requireAdmin } from "../../http/require-admin.ts";
import type { AppEnv } from "../../http/context.ts";
import { requireMerchant } from "../../http/require-merchant.ts";
import { currentUser } from "../../http/session.ts";
import { HttpError, unauthorized } from "../../http/http-error.ts";
import { parseJsonBody } from "../../http/validate.ts";
import { approvalDto } from "../negotiation/approvals.service.ts";
import { decideApproval, negotiateTurn } from "../negotiation/negotiation.service.ts";
import { embedMissingProducts } from "../catalog/product-embeddings.service.ts";
import { seedCatalogue } from "./seed.service.ts";

/** Server functions keep the spec's names and wire format under /functions/v1/<name>. */
export function functionRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/seed-data", async (c) => {
    await requireAdmin(c);
    try {
      const result = await seedCatalogue(c.get("deps").database.db);
      const message =
        result.productsCreated > 0
          ? `Seeded ${result.productsCreated} products and the seller configuration (${result.productsTotal} products in the shop).`
          : `The catalogue is already seeded: ${result.productsTotal} products in the shop, nothing duplicated.`;
      return c.json({ message, ...result });
    } catch (error) {
      c.get("log").error({ err: error }, "seeding failed");
      throw new HttpError(500, "SEED_FAILED", "Failed to seed database");
    }
  });

  app.post("/generate-product-embeddings", async (c) => {
    await requireAdmin(c);
    const deps = c.get("deps");
    try {
      const result = await embedMissingProducts({ db: deps.database.db, ai: deps.ai }, { batchSize: 32 });
      const message =
        result.missing === 0
          ? `Embedded ${result.embedded} products; every product has an embedding.`
          : `Embedded ${result.embedded} products; ${result.missing} still lack an embedding.`;
      return c.json({ message, ...result });
    } catch (error) {
      c.get("log").error({ err: error }, "embedding products failed");
      throw new HttpError(500, "EMBEDDINGS_FAILED", "Failed to initialize embeddings");
    }
  });

  app.post("/assign-merchant-role", async (c) => {
    if (!(await currentUser(c))) throw unauthorized("You must be logged in to assign merchant role");
    const who = await requireAdmin(c);
    try {
      const { db } = c.get("deps").database;
      const inserted = await db
        .insert(userRoles)
        .values({ userId: who.id, role: "merchant" })
        .onConflictDoNothing()
        .returning({ id: userRoles.id });
      return c.json({ alreadyAssigned: inserted.length === 0 });
    } catch (error) {
      c.get("log").error({ err: error }, "assigning the merchant role failed");
      throw new HttpError(500, "ASSIGN_ROLE_FAILED", "Failed to assign merchant role");
    }
  });

  app.post("/negotiate-cart", async (c) => {
    const who = await currentUser(c);
    if (!who) throw unauthorized("Not authenticated");
    const body = await parseJsonBody(c, NegotiateRequestSchema);
    const deps = c.get("deps");
    const message = body.messages.at(-1)?.content.trim() ?? "";
    let outcome: Awaited<ReturnType<typeof negotiateTurn>>;
    try {
      outcome = await negotiateTurn({ db: deps.database.db, ai: deps.ai, logger: c.get("log") }, who, body.negotiationId, message);
    } catch (error) {
      if (error instanceof HttpError || error instanceof DomainError) throw error;
      c.get("log").error({ err: error }, "negotiation turn failed");
      throw new HttpError(500, "NEGOTIATOR_FAILED", "Failed to get response from AI negotiator");
    }
    c.header("X-Negotiation-Voice", outcome.reply.voice);
    return streamSSE(c, async (stream) => {
      await writeText(stream, outcome.content, deps.config.streamWordDelayMs);
      await writeDone(stream);
    });
  });

  app.post("/approve-negotiation", async (c) => {
    const merchant = await requireMerchant(c);
    const body = await parseJsonBody(c, ApproveNegotiationSchema);
    try {
      const approval = await decideApproval(c.get("deps").database.db, c.get("log"), merchant, body);
      return c.json({ approval: await approvalDto(c.get("deps").database.db, approval.id) });
    } catch (error) {
      if (error instanceof HttpError || error instanceof DomainError) throw error;
      c.get("log").error({ err: error }, "approval failed");
      throw new HttpError(500, "APPROVAL_FAILED", "Failed to process approval");
    }
  });

  return app;
}

