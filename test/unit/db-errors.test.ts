import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "@/lib/db-errors";

/** Shaped like what pg and Prisma's pg adapter throw (message, code, cause). */
function wrapped(inner: Record<string, unknown>) {
  return Object.assign(new Error("Invalid `prisma.$queryRaw()` invocation"), { cause: Object.assign(new Error(String(inner.message ?? "")), inner) });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["pg: a query on a client whose connection broke", new Error("Client has encountered a connection error and is not queryable")],
    ["pg: a query on a closed client", new Error("Client was closed and is not queryable")],
    ["pg: the server went away mid-query", new Error("Connection terminated unexpectedly")],
    ["pool: no connection in time", new Error("timeout exceeded when trying to connect")],
    ["socket: refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["socket: reset", wrapped({ code: "ECONNRESET", message: "read ECONNRESET" })],
    ["socket: broken pipe", wrapped({ code: "EPIPE", message: "write EPIPE" })],
    ["server shutting down (57P01)", wrapped({ code: "57P01", message: "terminating connection due to administrator command" })],
    ["server starting up (57P03)", wrapped({ code: "57P03", message: "the database system is starting up" })],
    ["connection failure (08006)", wrapped({ code: "08006", message: "connection failure" })],
    ["too many connections (53300)", wrapped({ code: "53300", message: "sorry, too many clients already" })],
    ["Prisma adapter: not reachable", wrapped({ kind: "DatabaseNotReachable", message: "DatabaseNotReachable" })],
    ["Prisma: pool timeout", Object.assign(new Error("Timed out fetching a new connection from the connection pool."), { code: "P2024" })],
  ])("%s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", wrapped({ code: "23505", message: "duplicate key value violates unique constraint" })],
    ["a check violation", wrapped({ code: "23514", message: 'new row for relation "room_nights" violates check constraint' })],
    ["invalid text", wrapped({ code: "22021", message: "invalid byte sequence for encoding \"UTF8\": 0x00" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])("not %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("still tells a unique violation by its target", () => {
    expect(isUniqueViolation(wrapped({ code: "23505", message: "duplicate key value violates unique constraint \"bookings_reference_key\"" }), "reference")).toBe(true);
  });
});
