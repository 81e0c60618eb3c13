import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(stream, "info"), lines };
}

const KEY = "rbp_live_0123456789abcdefghijklmnopqrstuv";

describe("the app's log lines", () => {
  it("never carry a secret under its usual names, at the top or in a request's body, input, query or headers", () => {
    const { log, lines } = capture();
    log.info(
      {
        key: KEY,
        apiKey: KEY,
        password: "hunter2",
        token: "mbt_abc",
        secret: "whsec_abc",
        body: { apiKey: KEY, adults: 2 },
        input: { password: "hunter2", email: "guest@example.com" },
        headers: { "x-api-key": KEY, cookie: "rb_session=abc", authorization: "Bearer abc", accept: "application/json" },
      },
      "a careless line",
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/hunter2|mbt_abc|whsec_abc|rb_session|Bearer/);
    expect(lines[0]).toMatchObject({
      key: "[redacted]",
      body: { apiKey: "[redacted]", adults: 2 },
      input: { password: "[redacted]", email: "guest@example.com" },
      headers: { "x-api-key": "[redacted]", cookie: "[redacted]", authorization: "[redacted]", accept: "application/json" },
    });
  });

  it("write the request line's fields as they are", () => {
    const { log, lines } = capture();
    const fields = { requestId: "req_abc", propertyId: "prop_1", keyId: "key_1", method: "GET", route: "GET /me", status: 200, durationMs: 1.5 };
    log.info(fields, "partner api request");
    expect(lines[0]).toMatchObject({ ...fields, service: "room-booking", msg: "partner api request" });
  });
});
