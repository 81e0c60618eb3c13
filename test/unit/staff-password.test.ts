import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, passwordProblem, verifyPassword } from "@/lib/staff/password";

describe("staff passwords", () => {
  it("verify against their scrypt hash, and nothing else does", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("correct horse battery", "garbage")).toBe(false);
  });

  it("are salted: the same password hashes differently twice", async () => {
    expect(await hashPassword("same password here")).not.toBe(await hashPassword("same password here"));
  });

  it("are generated long and refused when too short", () => {
    expect(generatePassword()).toHaveLength(20);
    expect(passwordProblem(generatePassword())).toBeUndefined();
    expect(passwordProblem("short")).toMatch(/at least 10/);
  });
});
