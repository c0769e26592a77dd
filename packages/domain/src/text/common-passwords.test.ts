import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

describe("isCommonPassword", () => {
  it("knows the commonest leaked passwords, whatever their case", () => {
    for (const password of ["123456", "password", "Password", "qwerty123", "iloveyou"])
      expect(isCommonPassword(password), password).toBe(true);
  });
  it("lets other passwords through", () => {
    for (const password of ["correct horse", "Ava haggles 42", "secret-7Qz"])
      expect(isCommonPassword(password), password).toBe(false);
  });
});
