import { AddCartItemSchema, MergeCartSchema, UpdateCartItemSchema } from "@haggle/contract/cart";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { notFound } from "../../http/http-error.ts";
import { parseJsonBody } from "../../http/validate.ts";
import { activeCartWithOffer } from "./cart-with-offer.service.ts";
import {
  addCartItem,
  clearCart,
  mergeCart,
  removeCartItem,
  setCartItemQuantity,
} from "./cart.service.ts";

function itemId(raw: string): string {
  if (!z.uuid().safeParse(raw).success) throw notFound("That item is not in your cart.");
  return raw;
}

export function cartRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const who = await requireUser(c);
    return c.json(await activeCartWithOffer(c.get("deps").database.db, who.id));
  });
  app.post("/items", async (c) => {
    const who = await requireUser(c);
    const body = await parseJsonBody(c, AddCartItemSchema);
    return c.json(await addCartItem(c.get("deps").database.db, who.id, body.productId, body.quantity));
  });
  app.patch("/items/:itemId", async (c) => {
    const who = await requireUser(c);
    const id = itemId(c.req.param("itemId"));
    const body = await parseJsonBody(c, UpdateCartItemSchema);
    return c.json(await setCartItemQuantity(c.get("deps").database.db, who.id, id, body.quantity));
  });
  app.delete("/items/:itemId", async (c) => {
    const who = await requireUser(c);
    return c.json(await removeCartItem(c.get("deps").database.db, who.id, itemId(c.req.param("itemId"))));
  });
  app.delete("/", async (c) => {
    const who = await requireUser(c);
    return c.json(await clearCart(c.get("deps").database.db, who.id));
  });
  app.post("/merge", async (c) => {
    const who = await requireUser(c);
    const body = await parseJsonBody(c, MergeCartSchema);
    return c.json(await mergeCart(c.get("deps").database.db, who.id, body.items));
  });
  return app;
}
