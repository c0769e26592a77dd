/**
 * The test servers' password hash: scrypt at a tiny cost instead of better-auth's (N=16384,
 * r=16: about 50 ms of a core per sign-up or sign-in when the machine is idle, 250 ms and more
 * on a busy one, and the suites sign up and in hundreds of times). What the tests check about
 * passwords (a wrong one is refused, a reset replaces it, the hash is never shown) does not
 * depend on the cost. Hashes made by better-auth's own scrypt (a shop process started by a test)
 * still verify, with better-auth's own check. Production cannot choose this: it is passed in
 * code by test-server.ts, never read from the environment.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHashing } from "../../src/platform/auth.ts";

const PREFIX = "test-scrypt";
const COST = { N: 16, r: 1, p: 1 };

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 32, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}:${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  verify: async ({ hash, password }) => {
    const [prefix, salt, key] = hash.split(":");
    if (prefix !== PREFIX) return verifyPassword({ hash, password });
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
