import {
  conflict,
  DomainError,
  failed,
  invalid,
  invalidField,
  limitReached,
  notFound,
} from "@haggle/domain/errors";
import { describe, expect, it } from "vitest";
import { acpErrorOf } from "./acp.routes.ts";

describe("ACP's error table", () => {
  it("gives a domain error ACP's status, its code in lower case and its field as param", () => {
    expect(acpErrorOf(invalidField("$.items[0].id", "No product has the id x.")).body).toEqual({
      type: "invalid_request",
      code: "invalid",
      message: "No product has the id x.",
      param: "$.items[0].id",
    });
    expect(acpErrorOf(conflict("The cart was just checked out. Try again.", "CART_CONVERTED")).status).toBe(
      409,
    );
    expect(acpErrorOf(notFound("No checkout session has that id.")).body.code).toBe("not_found");
    expect(acpErrorOf(limitReached("Too many.", "RATE_LIMITED")).status).toBe(429);
    expect(acpErrorOf(new DomainError("unauthenticated", "INVALID_SIGNATURE", "No.")).status).toBe(401);
  });

  it("answers a session that can no longer change with 405, whatever its kind", () => {
    for (const code of ["SESSION_COMPLETED", "SESSION_CANCELED"])
      expect(acpErrorOf(conflict("It can no longer change.", code)).status).toBe(405);
  });

  it("knows no 402 or 403: those refusals are 400s of the request", () => {
    expect(acpErrorOf(new DomainError("forbidden", "FORBIDDEN", "No.")).status).toBe(400);
    expect(acpErrorOf(new DomainError("unavailable", "AI_UNAVAILABLE", "No.")).status).toBe(400);
  });

  it("answers our own failures as processing errors; anything unexpected without details", () => {
    expect(acpErrorOf(failed("The payment provider failed.", "PAYMENT_PROVIDER_FAILED"))).toEqual({
      status: 500,
      body: {
        type: "processing_error",
        code: "payment_provider_failed",
        message: "The payment provider failed.",
      },
      headers: {},
    });
    expect(acpErrorOf(new Error("boom")).body).toEqual({
      type: "processing_error",
      code: "internal",
      message: "Something went wrong on our side. Please try again.",
    });
    expect(acpErrorOf(invalid("x")).body.type).toBe("invalid_request");
  });
});
