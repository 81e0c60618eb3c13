import { describe, expect, it } from "vitest";
import { checkWebhookUrl, webhookUrlPolicy } from "@/lib/webhooks/webhook-url";

/**
 * The creation-time check of a partner's webhook URL, rule by rule, with the exact
 * messages the 422 on `url` shows; and the policy that allows private targets outside
 * production only (or when explicitly asked for).
 */

const strict = { allowPrivate: false };
const lenient = { allowPrivate: true };
const messageOf = (url: string, policy = strict) => {
  const check = checkWebhookUrl(url, policy);
  return check.ok ? null : check.message;
};

describe("checkWebhookUrl", () => {
  it("accepts a public https URL and returns it parsed", () => {
    const check = checkWebhookUrl("https://hooks.example.com/rooms?x=1", strict);
    expect(check.ok && check.url.href).toBe("https://hooks.example.com/rooms?x=1");
  });

  it("refuses what is not an absolute URL", () => {
    for (const url of ["", "hooks.example.com/x", "/relative", "https://", "not a url"]) {
      expect(messageOf(url, lenient)).toBe("Must be an absolute URL.");
    }
  });

  it("refuses schemes other than http and https", () => {
    for (const url of ["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "gopher://example.com/"]) {
      expect(messageOf(url, lenient)).toBe("Must be an http or https URL.");
    }
  });

  it("refuses credentials in the URL", () => {
    expect(messageOf("https://user:secret@example.com/")).toBe("Must not contain credentials.");
    expect(messageOf("https://user@example.com/", lenient)).toBe("Must not contain credentials.");
    expect(messageOf("https://:secret@example.com/", lenient)).toBe("Must not contain credentials.");
  });

  it("refuses URLs over 2,048 characters", () => {
    const base = "https://example.com/";
    expect(messageOf(base + "a".repeat(2048 - base.length))).toBeNull();
    expect(messageOf(base + "a".repeat(2049 - base.length), lenient)).toBe("Must be at most 2048 characters.");
  });

  it("requires https when private targets are not allowed", () => {
    expect(messageOf("http://example.com/")).toBe("Must be an https URL.");
    expect(messageOf("http://example.com/", lenient)).toBeNull();
  });

  it("refuses localhost names when private targets are not allowed", () => {
    for (const url of ["https://localhost/", "https://LOCALHOST:8443/", "https://localhost./", "https://api.localhost/"]) {
      expect(messageOf(url)).toBe("Must not point to localhost.");
      expect(messageOf(url, lenient)).toBeNull();
    }
  });

  it("refuses forbidden IP literals, however spelled, when private targets are not allowed", () => {
    const literals = ["https://127.0.0.1/", "https://10.1.2.3:8443/", "https://169.254.169.254/latest", "https://[::1]/", "https://[::ffff:127.0.0.1]/", "https://0x7f.1/", "https://2130706433/", "https://[fd00:ec2::254]/"];
    for (const url of literals) {
      expect(messageOf(url)).toBe("Must not point to a private or reserved address.");
      expect(messageOf(url, lenient)).toBeNull();
    }
  });

  it("accepts public IP literals", () => {
    expect(messageOf("https://93.184.215.14/")).toBeNull();
    expect(messageOf("https://[2606:4700:4700::1111]/")).toBeNull();
  });
});

describe("webhookUrlPolicy", () => {
  it("allows private targets outside production or when WEBHOOK_ALLOW_PRIVATE_URLS=1", () => {
    expect(webhookUrlPolicy({ NODE_ENV: "production" })).toEqual({ allowPrivate: false });
    expect(webhookUrlPolicy({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_URLS: "true" })).toEqual({ allowPrivate: false });
    expect(webhookUrlPolicy({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_URLS: "1" })).toEqual({ allowPrivate: true });
    expect(webhookUrlPolicy({ NODE_ENV: "development" })).toEqual({ allowPrivate: true });
    expect(webhookUrlPolicy({ NODE_ENV: "test" })).toEqual({ allowPrivate: true });
    expect(webhookUrlPolicy({})).toEqual({ allowPrivate: true });
  });
});
