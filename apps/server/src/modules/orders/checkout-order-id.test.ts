import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkoutOrderId } from "./checkout.service.ts";

describe("a checkout's order id", () => {
  it("is the same for the same shopper and key, different otherwise, and a valid UUID", () => {
    const id = checkoutOrderId("user-1", "key-0001");
    expect(checkoutOrderId("user-1", "key-0001")).toBe(id);
    expect(checkoutOrderId("user-2", "key-0001")).not.toBe(id);
    expect(checkoutOrderId("user-1", "key-0002")).not.toBe(id);
    // A key and a user that run together differently never collide.
    expect(checkoutOrderId("user-1k", "ey-0001")).not.toBe(id);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
