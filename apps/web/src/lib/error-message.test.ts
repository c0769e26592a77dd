import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { errorMessage } from "./error-message";

describe("errorMessage", () => {
  it("shows the server's sentence", () => {
    const error = new ApiRequestError(409, "INSUFFICIENT_STOCK", "Only 3 of Lamp left in stock.");
    expect(errorMessage(error, "fallback")).toBe("Only 3 of Lamp left in stock.");
  });

  it("falls back when the server sent no readable error body or the failure was not an answer", () => {
    expect(errorMessage(new ApiRequestError(502, "HTTP_ERROR", "Request failed with status 502"), "fb")).toBe(
      "fb",
    );
    expect(errorMessage(new TypeError("Failed to fetch"), "fb")).toBe("fb");
    expect(errorMessage(new ApiRequestError(400, "X", "  "), "fb")).toBe("fb");
  });
});
