import { describe, expect, it } from "vitest";
import {
  isInternalAddress,
  PlatformProfiles,
  ProfileFailure,
  publicOnlyLookup,
} from "./ucp-platform-profile.ts";

/** The failure a profile URL gets, as { code, status, message }. */
async function failureOf(profiles: PlatformProfiles, url: string) {
  try {
    await profiles.get(url);
  } catch (error) {
    if (error instanceof ProfileFailure)
      return { code: error.ucpCode, status: error.status, message: error.message };
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

describe("the platform profile fetch, outside tests", () => {
  const profiles = new PlatformProfiles({ allowPrivateHosts: false });

  it("knows the addresses a stranger's URL must never reach", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "224.0.0.1",
      "not-an-ip",
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it("refuses plain http, credentials, internal literals and localhost before any connection", async () => {
    const cases: [string, RegExp][] = [
      ["http://agent.example/profile.json", /must use https/],
      ["https://user:pw@agent.example/p.json", /user name or password/],
      ["https://127.0.0.1/p.json", /public host/],
      ["https://[::1]/p.json", /public host/],
      ["https://169.254.169.254/latest/meta-data", /public host/],
      ["https://10.0.0.5/p.json", /public host/],
      ["https://[::ffff:7f00:1]/p.json", /public host/],
      ["https://2130706433/p.json", /public host/],
      ["https://0x7f.1/p.json", /public host/],
      ["https://localhost/p.json", /public host/],
      ["ftp://agent.example/p.json", /must use https/],
      ["nonsense", /not a URL/],
      [`https://agent.example/${"x".repeat(3000)}`, /at most 2048/],
    ];
    for (const [url, message] of cases) {
      const failure = await failureOf(profiles, url);
      expect(failure, url).toMatchObject({ code: "invalid_profile_url", status: 400 });
      expect(failure.message, url).toMatch(message);
    }
  });

  it("refuses, at connection, a host name that resolves to an internal address (DNS rebinding included)", async () => {
    // The lookup every profile connection uses: "localhost" resolves to the loopback here.
    const code = await new Promise<string | undefined>((resolve) =>
      publicOnlyLookup("localhost", { all: false }, (error) =>
        resolve((error as { code?: string } | null)?.code),
      ),
    );
    expect(code).toBe("EINTERNAL");
    const unresolvable = await failureOf(profiles, "https://no-such-host.invalid/p.json");
    expect(unresolvable).toMatchObject({ code: "profile_unreachable", status: 424 });
    expect(unresolvable.message).toMatch(/does not resolve/);
  });
});
