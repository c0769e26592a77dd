import { describe, expect, it } from "vitest";
import { isKnownDevice, knownDeviceCookieName, knownDeviceCookieValue } from "./known-device.ts";

describe("known-device cookies", () => {
  it("prove a past sign-in to that account only, signed with this server's secret", () => {
    const value = knownDeviceCookieValue("secret-1", "Owner@Shop.test");
    expect(isKnownDevice("secret-1", "owner@shop.test", value)).toBe(true);
    expect(isKnownDevice("secret-1", "other@shop.test", value)).toBe(false);
    expect(isKnownDevice("secret-2", "owner@shop.test", value)).toBe(false);
    expect(isKnownDevice("secret-1", "owner@shop.test", `${value}x`)).toBe(false);
    expect(isKnownDevice("secret-1", "owner@shop.test", undefined)).toBe(false);
    expect(isKnownDevice("secret-1", "owner@shop.test", "garbage")).toBe(false);
    expect(knownDeviceCookieName("Owner@Shop.test")).toBe(knownDeviceCookieName("owner@shop.test"));
    expect(knownDeviceCookieName("owner@shop.test")).not.toBe(knownDeviceCookieName("other@shop.test"));
  });
});
