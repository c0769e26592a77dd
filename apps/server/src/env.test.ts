import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("the configuration", () => {
  it("takes Stripe with its three keys or not at all, and names the keys missing", () => {
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    const stripe = parseEnv({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    });
    expect(stripe).toMatchObject({ STRIPE_SECRET_KEY: "sk_test_1", PAYMENT_TIMEOUT_MINUTES: 30 });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      "Invalid configuration:\n" +
        "  STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set: Stripe needs all three keys\n" +
        "  STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set: Stripe needs all three keys",
    );
    expect(() => parseEnv({ STRIPE_API_URL: "not a url" })).toThrow(
      "STRIPE_API_URL: must be a URL such as http://127.0.0.1:12111",
    );
    expect(() => parseEnv({ PAYMENT_TIMEOUT_MINUTES: "0" })).toThrow("PAYMENT_TIMEOUT_MINUTES");
  });
});

describe("WORKERS", () => {
  it("is refused above 1 on the embedded database, with what to do", () => {
    expect(parseEnv({ WORKERS: "1" }).WORKERS).toBe(1);
    expect(parseEnv({ WORKERS: "4", DATABASE_URL: "postgres://127.0.0.1/x" }).WORKERS).toBe(4);
    expect(parseEnv({}).WORKERS).toBeUndefined();
    expect(() => parseEnv({ WORKERS: "2" })).toThrow(
      "WORKERS: 2 server processes need DATABASE_URL (a PostgreSQL server): the embedded database in DATA_DIR can be opened by one process only.",
    );
    expect(() => parseEnv({ WORKERS: "0", DATABASE_URL: "postgres://127.0.0.1/x" })).toThrow("WORKERS");
  });
});
