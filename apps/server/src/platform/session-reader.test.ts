import { makeSignature } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { cookieValue, verifiedToken } from "./session-reader.ts";

const SECRET = "a-secret-of-the-shop-a-secret-of-the-shop";
const NAME = "better-auth.session_token";

/** A Cookie header carrying `token` signed as better-auth signs its session cookie (better-call's format). */
async function signedCookie(token: string, secret = SECRET): Promise<string> {
  return `${NAME}=${encodeURIComponent(`${token}.${await makeSignature(token, secret)}`)}`;
}

describe("the session cookie read without better-auth", () => {
  it("gives back the token of a cookie signed with the shop's secret", async () => {
    const header = `theme=dark; ${await signedCookie("tok3n-AbC_123")}; other=1`;
    const value = cookieValue(header, NAME);
    expect(value).not.toBeNull();
    expect(verifiedToken(value!, SECRET)).toBe("tok3n-AbC_123");
  });

  it("refuses a cookie signed with another secret, a changed token, or no signature", async () => {
    const other = cookieValue(await signedCookie("tok3n", "another-secret-another-secret-another"), NAME)!;
    expect(verifiedToken(other, SECRET)).toBeNull();
    const signed = cookieValue(await signedCookie("tok3n"), NAME)!;
    expect(verifiedToken(`x${signed}`, SECRET)).toBeNull();
    expect(verifiedToken("tok3n", SECRET)).toBeNull();
    expect(verifiedToken("tok3n.short=", SECRET)).toBeNull();
  });

  it("reads the first cookie of the name, unquoted, and none when it is missing", () => {
    expect(cookieValue(`${NAME}="a%2Eb"; ${NAME}=second`, NAME)).toBe("a.b");
    expect(cookieValue("a=1; b=2", NAME)).toBeNull();
    expect(cookieValue(`x${NAME}=1`, NAME)).toBeNull();
  });
});
