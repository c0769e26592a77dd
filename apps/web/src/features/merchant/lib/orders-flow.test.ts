import { describe, expect, it } from "vitest";
import { nextOrderStep } from "./orders-flow";

describe("nextOrderStep", () => {
  it("moves every status one step forward and stops at delivered", () => {
    expect(nextOrderStep("pending")).toEqual({ status: "processing", label: "Mark processing" });
    expect(nextOrderStep("confirmed")).toEqual({ status: "processing", label: "Mark processing" });
    expect(nextOrderStep("processing")).toEqual({ status: "shipped", label: "Mark shipped" });
    expect(nextOrderStep("shipped")).toEqual({ status: "delivered", label: "Mark delivered" });
    expect(nextOrderStep("delivered")).toBeNull();
  });
});
