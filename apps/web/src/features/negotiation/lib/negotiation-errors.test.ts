import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import {
  acceptErrorToast,
  checkoutErrorMessage,
  replyErrorMessage,
  replyErrorToast,
  startErrorToast,
} from "./negotiation-errors";

const completed = new ApiRequestError(
  409,
  "NEGOTIATION_COMPLETED",
  "This negotiation is complete. Start a new one to negotiate again.",
);

describe("negotiation error messages", () => {
  it("too many turns (429) get the spec's 'Rate Limit' toast, starting or replying", () => {
    const limited = new ApiRequestError(429, "RATE_LIMITED", "Too many messages to Ava in a minute.");
    const rateLimit = {
      title: "Rate Limit",
      description: "Too many requests. Please wait a moment and try again.",
    };
    expect(replyErrorToast(limited)).toEqual(rateLimit);
    expect(startErrorToast(limited)).toEqual(rateLimit);
    expect(replyErrorToast(new TypeError("Failed to fetch"))).toEqual({
      title: "Failed to get response from AI negotiator",
    });
  });

  it("a reply that cannot start says the spec's sentence", () => {
    expect(replyErrorMessage(new Error("Failed to start stream"))).toBe(
      "Failed to get response from AI negotiator",
    );
    expect(replyErrorMessage(new TypeError("Failed to fetch"))).toBe(
      "Failed to get response from AI negotiator",
    );
    expect(replyErrorMessage(new ApiRequestError(500, "NEGOTIATOR_FAILED", "boom"))).toBe(
      "Failed to get response from AI negotiator",
    );
    expect(replyErrorMessage(new ApiRequestError(502, "HTTP_ERROR", "Request failed with status 502"))).toBe(
      "Failed to get response from AI negotiator",
    );
  });

  it("401 is 'Not authenticated'; other refusals give the server's sentence", () => {
    expect(replyErrorMessage(new ApiRequestError(401, "UNAUTHENTICATED", "Please sign in"))).toBe(
      "Not authenticated",
    );
    expect(replyErrorMessage(completed)).toBe(completed.message);
    expect(replyErrorMessage(new ApiRequestError(404, "NOT_FOUND", "No negotiation has that id."))).toBe(
      "No negotiation has that id.",
    );
  });

  it("starting and applying keep their titles and add the server's reason", () => {
    expect(startErrorToast(new ApiRequestError(400, "CART_EMPTY", "Cart is empty"))).toEqual({
      title: "Failed to initialize negotiation",
      description: "Cart is empty",
    });
    expect(startErrorToast(new Error("offline"))).toEqual({ title: "Failed to initialize negotiation" });
    expect(acceptErrorToast(new ApiRequestError(409, "OFFER_EXPIRED", "This offer has expired."))).toEqual({
      title: "Failed to apply negotiation",
      description: "This offer has expired.",
    });
    expect(acceptErrorToast(new ApiRequestError(500, "APPLY_FAILED", "Failed to apply negotiation"))).toEqual(
      {
        title: "Failed to apply negotiation",
      },
    );
  });

  it("checkout from the review card", () => {
    expect(checkoutErrorMessage(new ApiRequestError(400, "NO_ACTIVE_CART", "No active cart found"))).toBe(
      "No active cart",
    );
    expect(
      checkoutErrorMessage(new ApiRequestError(409, "INSUFFICIENT_STOCK", "Only 1 of X left in stock.")),
    ).toBe("Only 1 of X left in stock.");
    expect(checkoutErrorMessage(new ApiRequestError(500, "CHECKOUT_FAILED", "Something went wrong"))).toBe(
      "Failed to process checkout",
    );
    expect(checkoutErrorMessage(new Error("offline"))).toBe("Failed to process checkout");
  });
});
