import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { assistantErrorToast } from "./assistant-error";

describe("the assistant's error toasts", () => {
  it("maps HTTP 429 to Rate Limit", () => {
    expect(assistantErrorToast(new ApiRequestError(429, "RATE_LIMITED", "Slow down"))).toEqual({
      title: "Rate Limit",
      description: "Too many requests. Please wait a moment and try again.",
    });
  });

  it("maps HTTP 402 to Service Unavailable", () => {
    expect(assistantErrorToast(new ApiRequestError(402, "AI_UNAVAILABLE", "No credit"))).toEqual({
      title: "Service Unavailable",
      description: "AI service temporarily unavailable. Please try again later.",
    });
  });

  it.each([
    ["a 400", new ApiRequestError(400, "BAD_REQUEST", "The message is empty.")],
    ["a 500", new ApiRequestError(500, "HTTP_ERROR", "Request failed with status 500")],
    ["no body", new Error("Failed to start stream")],
    ["a network failure", new TypeError("Failed to fetch")],
    ["a non-error", "boom"],
  ])("maps %s to the generic Error toast", (_, error) => {
    expect(assistantErrorToast(error)).toEqual({
      title: "Error",
      description: "Failed to send message. Please try again.",
    });
  });
});
