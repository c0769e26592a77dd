import { ShopModeSchema } from "@haggle/contract/admin";
import { describe, expect, it } from "vitest";
import { shopModeParser } from "./use-shop-mode";

const answers: unknown[] = [
  { demoMode: true },
  { demoMode: false },
  { demoMode: false, extra: 1 },
  { demoMode: "yes" },
  { demoMode: null },
  {},
  null,
  undefined,
  "demo",
  [true],
];

describe("shopModeParser", () => {
  it.each(answers.map((answer) => [JSON.stringify(answer) ?? "undefined", answer]))(
    "accepts and reads %s as the contract's ShopModeSchema does",
    (_name, answer) => {
      const plain = shopModeParser.safeParse(answer);
      const contract = ShopModeSchema.safeParse(answer);
      expect(plain.success).toBe(contract.success);
      if (plain.success && contract.success) expect(plain.data).toEqual(contract.data);
    },
  );
});
