import { describe, expect, it } from "vitest";
import { formatTimeAgo } from "./approvals-time";

const now = Date.parse("2026-11-23T12:00:00Z");
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe("formatTimeAgo", () => {
  it("says just now for the last 45 seconds", () => {
    expect(formatTimeAgo(ago(0), now)).toBe("just now");
    expect(formatTimeAgo(ago(44), now)).toBe("just now");
  });

  it("counts whole minutes, hours and days", () => {
    expect(formatTimeAgo(ago(50), now)).toBe("1 minute ago");
    expect(formatTimeAgo(ago(5 * 60 + 30), now)).toBe("5 minutes ago");
    expect(formatTimeAgo(ago(2 * 3600 + 59 * 60), now)).toBe("2 hours ago");
    expect(formatTimeAgo(ago(24 * 3600), now)).toBe("yesterday");
    expect(formatTimeAgo(ago(3 * 24 * 3600), now)).toBe("3 days ago");
  });

  it("leaves a time it cannot read as it is", () => {
    expect(formatTimeAgo("not a time", now)).toBe("not a time");
  });
});
