import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import {
  assignMerchantFailureToast,
  assignMerchantSuccessToast,
  embeddingStatus,
  embeddingsFailureToast,
  isForbidden,
  seedFailureToast,
} from "./admin-feedback";

describe("embeddingStatus", () => {
  it("shows the tick only when no product lacks an embedding", () => {
    expect(embeddingStatus(0)).toEqual({
      ready: true,
      text: "AI search is ready: every product has an embedding",
    });
    expect(embeddingStatus(1)).toEqual({ ready: false, text: "1 product lacks an embedding" });
    expect(embeddingStatus(180)).toEqual({ ready: false, text: "180 products lack an embedding" });
  });
});

describe("error toasts", () => {
  const serverError = new ApiRequestError(500, "SEED_FAILED", "Failed to seed database");
  const forbidden = new ApiRequestError(403, "FORBIDDEN", "Only admins may do this.");

  it("seed: the catalogue title, with the server's sentence when it says more", () => {
    expect(seedFailureToast(serverError)).toEqual({ title: "Failed to seed database" });
    expect(seedFailureToast(forbidden)).toEqual({
      title: "Failed to seed database",
      description: "Only admins may do this.",
    });
    expect(seedFailureToast(new TypeError("Failed to fetch"))).toEqual({ title: "Failed to seed database" });
  });

  it("assign merchant: 401 asks to log in, anything else fails plainly", () => {
    expect(assignMerchantFailureToast(new ApiRequestError(401, "UNAUTHORIZED", "Not authenticated"))).toEqual(
      {
        title: "You must be logged in to assign merchant role",
      },
    );
    expect(assignMerchantFailureToast(new ApiRequestError(500, "ASSIGN_ROLE_FAILED", "x")).title).toBe(
      "Failed to assign merchant role",
    );
    expect(assignMerchantFailureToast(new TypeError("Failed to fetch"))).toEqual({
      title: "Failed to assign merchant role",
    });
  });

  it("assign merchant success says when the role was already there", () => {
    expect(assignMerchantSuccessToast(true).title).toBe("Already a Merchant");
    expect(assignMerchantSuccessToast(false).title).toBe("Merchant role assigned");
  });

  it("embeddings failure", () => {
    expect(
      embeddingsFailureToast(
        new ApiRequestError(500, "EMBEDDINGS_FAILED", "Failed to initialize embeddings"),
      ),
    ).toEqual({ title: "Failed to initialize embeddings" });
  });

  it("only a 403 counts as forbidden", () => {
    expect(isForbidden(forbidden)).toBe(true);
    expect(isForbidden(new ApiRequestError(401, "UNAUTHORIZED", "x"))).toBe(false);
    expect(isForbidden(new Error("x"))).toBe(false);
  });
});
