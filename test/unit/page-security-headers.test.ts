import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, nonceOf, pageSecurityHeaders } from "@/lib/http/page-security-headers";

const scriptSrc = (policy: string) => policy.split("; ").find((directive) => directive.startsWith("script-src "));

describe("a page's security headers", () => {
  it("let scripts run by the answer's nonce only (and what they load), never inline; eval in development only", () => {
    expect(scriptSrc(contentSecurityPolicy({ nonce: "abc=", development: false }))).toBe("script-src 'self' 'nonce-abc=' 'strict-dynamic'");
    expect(scriptSrc(contentSecurityPolicy({ nonce: "abc=", development: true }))).toBe("script-src 'self' 'nonce-abc=' 'strict-dynamic' 'unsafe-eval'");
  });

  it("refuse framing, except an embed's by this origin and the hotel's allowed sites", () => {
    const page = new Map(pageSecurityHeaders({ nonce: "n", development: false }));
    expect(page.get("Content-Security-Policy")).toMatch(/; frame-ancestors 'none'$/);
    expect(page.get("X-Frame-Options")).toBe("DENY");
    expect(page.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.get("Referrer-Policy")).toBe("same-origin");
    const embed = new Map(pageSecurityHeaders({ nonce: "n", development: false, frameAncestors: ["https://hotel.example"] }));
    expect(embed.get("Content-Security-Policy")).toMatch(/; frame-ancestors 'self' https:\/\/hotel\.example$/);
    expect(embed.has("X-Frame-Options")).toBe(false);
    // No site listed: this origin only (the panel's preview).
    expect(new Map(pageSecurityHeaders({ nonce: "n", development: false, frameAncestors: [] })).get("Content-Security-Policy")).toMatch(/; frame-ancestors 'self'$/);
  });

  it("take a new nonce of 16 random bytes each time, which reads back from the policy", () => {
    const nonces = Array.from({ length: 100 }, newNonce);
    expect(new Set(nonces).size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonceOf(contentSecurityPolicy({ nonce: nonces[0]!, development: true }))).toBe(nonces[0]);
    expect(nonceOf("default-src 'self'; script-src 'self' 'unsafe-inline'")).toBeUndefined();
    expect(nonceOf(null)).toBeUndefined();
  });
});
