/**
 * Checkout like a real shop: a shipping address, checked field by field and
 * kept in the shopper's address book, and manual payment (pay on delivery or bank transfer)
 * that the merchant marks paid. Both databases, real HTTP.
 */
import { randomUUID } from "node:crypto";
import { MAX_SAVED_ADDRESSES } from "@haggle/contract/addresses";
import { describe, expect, it } from "vitest";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { postCheckout, TEST_ADDRESS } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("checkout with an address and manual payment on the %s database", (kind) => {
  const { shop, near, shopper } = useMerchantShop(kind);

  it("refuses a checkout without an address or with a bad one, naming the field, and changes nothing", async () => {
    const product = near(40);
    const { http } = await shopper([product]);
    const stockBefore = (await http.get(`/api/products/${product.id}`)).json.stockLevel;
    const cases: [unknown, string][] = [
      [{}, "A shipping address is required."],
      [{ address: { ...TEST_ADDRESS, name: " " } }, "Name is required."],
      [{ address: { ...TEST_ADDRESS, line1: undefined } }, "Address line 1 is required."],
      [{ address: { ...TEST_ADDRESS, city: "" } }, "City is required."],
      [
        { address: { ...TEST_ADDRESS, postalCode: "941" } },
        "Postal code is not a valid United States postal code (for example 12345 or 12345-6789).",
      ],
      [{ address: { ...TEST_ADDRESS, region: "" } }, "State is required for an address in United States."],
      [
        { address: { ...TEST_ADDRESS, country: "USA" } },
        "Country must be a two-letter ISO country code, such as US or DE.",
      ],
      [
        { address: { ...TEST_ADDRESS, line2: "x".repeat(201) } },
        "Address line 2 can be at most 200 characters.",
      ],
      [{ address: { addressId: "not-an-id" } }, "addressId must be the id of one of your saved addresses."],
      [{ address: { addressId: randomUUID() } }, "No saved address of yours has that id."],
      [
        { address: TEST_ADDRESS, paymentMethod: "stripe" },
        "This shop does not take card payments yet. Choose another payment method.",
      ],
      [{ address: TEST_ADDRESS, paymentMethod: "cash" }, "Payment method must be one of: manual, stripe."],
    ];
    for (const [body, message] of cases) {
      const res = await postCheckout(http, randomUUID(), body);
      expect(res.status, message).toBe(400);
      expect(res.json.error.message).toBe(message);
    }
    expect((await http.get("/api/cart")).json.items).toHaveLength(1);
    expect((await http.get(`/api/products/${product.id}`)).json.stockLevel).toBe(stockBefore);
    expect((await http.get("/api/orders")).json).toEqual([]);
    expect((await http.get("/api/addresses")).json).toEqual([]);
  });

  it("ships to the address given, keeps it in the address book, and reuses a saved one by id", async () => {
    const { http } = await shopper([near(30)]);
    const options = await http.get("/api/checkout/options");
    expect(options.json).toEqual({
      paymentMethods: [{ id: "manual", label: "Pay on delivery / bank transfer" }],
    });

    const first = await postCheckout(http, randomUUID(), {
      address: { ...TEST_ADDRESS, postalCode: " 94105-1234 " },
    });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json.address).toEqual({ ...TEST_ADDRESS, postalCode: "94105-1234", line2: null });
    expect(first.json.paymentMethod).toBe("manual");
    const book = (await http.get("/api/addresses")).json;
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ ...TEST_ADDRESS, postalCode: "94105-1234" });
    expect(book[0].lastUsedAt).not.toBeNull();

    // A second address saved, then the first chosen again by id: it comes first in the book.
    const second = await http.post("/api/addresses", {
      name: "Test Shopper",
      line1: "Friedrichstraße 43",
      city: "Berlin",
      postalCode: "10117",
      country: "de",
    });
    expect(second.status).toBe(201);
    expect(second.json.country).toBe("DE");
    const again = await http.post("/api/addresses", {
      name: "Test Shopper",
      line1: "Friedrichstraße 43",
      city: "Berlin",
      postalCode: "10117",
      country: "DE",
    });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(second.json.id);

    await http.post("/api/cart/items", { productId: near(30).id });
    const byId = await postCheckout(http, randomUUID(), { address: { addressId: second.json.id } });
    expect(byId.status).toBe(201);
    expect(byId.json.address).toMatchObject({ city: "Berlin", country: "DE", line2: null, region: null });
    const reordered = (await http.get("/api/addresses")).json;
    expect(reordered.map((a: { id: string }) => a.id)).toEqual([second.json.id, book[0].id]);

    // The first address given in full again: not saved twice, marked used (first again).
    await http.post("/api/cart/items", { productId: near(30).id });
    const inFull = await postCheckout(http, randomUUID(), {
      address: { ...TEST_ADDRESS, postalCode: "94105-1234" },
    });
    expect(inFull.status).toBe(201);
    const usedAgain = (await http.get("/api/addresses")).json;
    expect(usedAgain.map((a: { id: string }) => a.id)).toEqual([book[0].id, second.json.id]);

    // Another shopper cannot ship to it, change it or delete it.
    const other = await shopper([near(30)]);
    const stolen = await postCheckout(other.http, randomUUID(), { address: { addressId: second.json.id } });
    expect(stolen.status).toBe(400);
    expect(
      (await other.http.request("PATCH", `/api/addresses/${second.json.id}`, { city: "Paris" })).status,
    ).toBe(404);
    expect((await other.http.request("DELETE", `/api/addresses/${second.json.id}`)).status).toBe(404);
  });

  it("ships to an address given in full when the address book is full, without saving it", async () => {
    const { http } = await shopper([near(30)]);
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) {
      const saved = await http.post("/api/addresses", { ...TEST_ADDRESS, line1: `${i + 1} Full Street` });
      expect(saved.status).toBe(201);
    }
    const placed = await postCheckout(http, randomUUID(), {
      address: { ...TEST_ADDRESS, line1: "1 New Street" },
    });
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    expect(placed.json.address.line1).toBe("1 New Street");
    const book = (await http.get("/api/addresses")).json;
    expect(book).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(book.map((a: { line1: string }) => a.line1)).not.toContain("1 New Street");
  });

  it("changes a saved address only into a valid one, and deletes it", async () => {
    const { http } = await shopper([]);
    const saved = (await http.post("/api/addresses", TEST_ADDRESS)).json;
    const bad = await http.request("PATCH", `/api/addresses/${saved.id}`, { country: "GB" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe(
      "Postal code is not a valid United Kingdom postal code (for example SW1A 1AA).",
    );
    const moved = await http.request("PATCH", `/api/addresses/${saved.id}`, {
      country: "GB",
      postalCode: "sw1a 1aa",
      region: null,
      city: "London",
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json).toMatchObject({ country: "GB", postalCode: "SW1A 1AA", city: "London", region: null });
    expect((await http.request("DELETE", `/api/addresses/${saved.id}`)).status).toBe(204);
    expect((await http.request("DELETE", `/api/addresses/${saved.id}`)).status).toBe(404);
    expect((await http.get("/api/addresses")).json).toEqual([]);
  });

  it("takes a manually paid order as confirmed with payment pending until the merchant marks it paid", async () => {
    const { http } = await shopper([near(60)]);
    const placed = await postCheckout(http);
    expect(placed.status).toBe(201);
    expect(placed.json).toMatchObject({
      status: "confirmed",
      paymentStatus: "pending",
      paymentMethod: "manual",
    });

    const paid = await shop.merchant.request("POST", `/api/merchant/orders/${placed.json.id}/mark-paid`);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json).toMatchObject({ id: placed.json.id, paymentStatus: "paid", status: "confirmed" });
    const twice = await shop.merchant.request("POST", `/api/merchant/orders/${placed.json.id}/mark-paid`);
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe("This order is already paid.");
    expect((await http.get(`/api/orders/${placed.json.id}`)).json.paymentStatus).toBe("paid");
    const missing = await shop.merchant.request("POST", `/api/merchant/orders/${randomUUID()}/mark-paid`);
    expect(missing.status).toBe(404);
    // A shopper cannot mark their own order paid.
    expect((await http.request("POST", `/api/merchant/orders/${placed.json.id}/mark-paid`)).status).toBe(403);
  });
});
