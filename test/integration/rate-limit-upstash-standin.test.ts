import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import { deleteKeys, testRedisUrl, uniquePrefix } from "../support/redis";
import { startUpstashRestStandin, type UpstashRestStandin } from "../support/upstash-rest-standin";

/** The stand-in speaks Upstash's REST protocol as @upstash/redis expects it. */
describe("Upstash REST stand-in", () => {
  let standin: UpstashRestStandin;
  const prefix = uniquePrefix("standin");

  beforeAll(async () => {
    standin = await startUpstashRestStandin({ redisUrl: testRedisUrl(), token: "right-token" });
  });
  afterAll(async () => {
    await standin.close();
    await deleteKeys(testRedisUrl(), prefix);
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${standin.url}${path}`, {
      method: "POST",
      headers: { Authorization: "Bearer right-token", "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("rejects a wrong or missing token with 401, and the limiter then fails open", async () => {
    const wrong = await post("/", ["PING"], { Authorization: "Bearer wrong-token" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Unauthorized" });
    const missing = await fetch(`${standin.url}/`, { method: "POST", body: JSON.stringify(["PING"]) });
    expect(missing.status).toBe(401);

    const limiter = createRateLimiter({ backend: "upstash", upstashUrl: standin.url, upstashToken: "wrong-token", prefix });
    expect(await limiter.check("p", { name: "free", limit: 120, windowSeconds: 60 })).toMatchObject({ allowed: true, degraded: true });
    expect(await limiter.health()).toBe("degraded");
    await limiter.close();
  });

  it("runs one command, base64-encoding every string of the result when asked (integers and null as they are)", async () => {
    const key = `${prefix}:text`;
    expect(await (await post("/", ["SET", key, "héllo", "EX", 60])).json()).toEqual({ result: "OK" });
    expect(await (await post("/", ["GET", key])).json()).toEqual({ result: "héllo" });
    expect(await (await post("/", ["GET", key], { "Upstash-Encoding": "base64" })).json()).toEqual({
      result: Buffer.from("héllo").toString("base64"),
    });
    const nested = await post("/", ["EVAL", "return {1, 'a', {'b', 2}, false}", 0], { "Upstash-Encoding": "base64" });
    expect(await nested.json()).toEqual({ result: [1, "YQ==", ["Yg==", 2], null] });
    expect(await (await post("/", ["GET", `${prefix}:missing`], { "Upstash-Encoding": "base64" })).json()).toEqual({ result: null });
  });

  it("answers a Redis error with 400 and Redis's message", async () => {
    const response = await post("/", ["EVALSHA", "0".repeat(40), 0]);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^NOSCRIPT/);
  });

  it("runs a pipeline in order, with an error per failed command", async () => {
    const key = `${prefix}:counter`;
    const response = await post(
      "/pipeline",
      [["INCR", key], ["INCRBY", key, 4], ["HGET", key, "x"], ["EXPIRE", key, 60], ["GET", key]],
      { "Upstash-Encoding": "base64" },
    );
    expect(response.status).toBe(200);
    const results = await response.json();
    expect(results[0]).toEqual({ result: 1 });
    expect(results[1]).toEqual({ result: 5 });
    expect(results[2].error).toMatch(/^WRONGTYPE/);
    expect(results[3]).toEqual({ result: 1 });
    expect(results[4]).toEqual({ result: Buffer.from("5").toString("base64") });
  });

  it("serves @upstash/redis itself: auto-pipelined commands, base64 responses, NOSCRIPT errors", async () => {
    const redis = new Redis({ url: standin.url, token: "right-token", retry: { retries: 0 }, enableTelemetry: false });
    const key = `${prefix}:client`;
    const [set, pong, value, missing] = await Promise.all([
      redis.set(key, { hotel: "Grand" }, { ex: 60 }),
      redis.ping(),
      redis.incr(`${prefix}:client-counter`),
      redis.get(`${prefix}:nothing`),
    ]);
    expect([set, pong, value, missing]).toEqual(["OK", "PONG", 1, null]);
    expect(await redis.get(key)).toEqual({ hotel: "Grand" });
    await redis.expire(`${prefix}:client-counter`, 60);
    await expect(redis.evalsha("0".repeat(40), [], [])).rejects.toThrow(/NOSCRIPT/);
  });
});
