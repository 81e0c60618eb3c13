import { availabilityRequest, bookingRequest, getRequest, type BenchData } from "./bench-data";
import { pacedLoad, type PacedRequest } from "./paced-load";
import type { Capacity } from "./results";
import { say } from "./say";

/** Each property offered 90 % of the Pro quota (12,000 a minute = 200 a second). */
export const PER_PROPERTY = 180;
const P99_LIMIT_MS = 100;
const STEP_WARM_UP_SECONDS = 3;
const OTHER_READS = ["/partner/v1/me", "/partner/v1/room-types", "/partner/v1/bookings?limit=10"];

type TenantState = { sent: number; reads: number; writes: number; booked: string[] };

/**
 * A property's traffic, request by request, out of every 10: 7 GET /availability, 2 other
 * reads (GET /me, /room-types, /bookings?limit=10 in turn), 1 write (POST /bookings with an
 * Idempotency-Key and POST /bookings/{id}/cancel of one it made, in turn). Request i of the
 * run goes to property i mod n, so each gets the same rate.
 */
function trafficOf(data: BenchData, n: number, states: TenantState[]) {
  return (i: number): PacedRequest => {
    const tenant = data.tenants[i % n]!;
    const state = (states[i % n] ??= { sent: 0, reads: 0, writes: 0, booked: [] });
    const k = state.sent++;
    if (k % 10 < 7) return { ...availabilityRequest("/partner/v1", tenant, k), kind: "availability" };
    if (k % 10 < 9) return { ...getRequest(OTHER_READS[state.reads++ % OTHER_READS.length]!, tenant), kind: "other reads" };
    const booked = state.writes++ % 2 === 1 ? state.booked.shift() : undefined;
    if (booked) {
      const headers = { "x-api-key": tenant.key, "content-type": "application/json" };
      return { method: "POST", path: `/partner/v1/bookings/${booked}/cancel`, headers, body: JSON.stringify({ reason: "Bench" }), kind: "cancellations" };
    }
    return { ...bookingRequest("/partner/v1", tenant, k), kind: "bookings", onAnswer: (body) => state.booked.push((JSON.parse(body) as { id: string }).id) };
  };
}

/**
 * npm run bench -- --capacity: the traffic of n Pro properties, each at 180 requests a second,
 * paced open loop, for n = 1, 2, ... (properties seeded as needed; each step's rate is held 3 s
 * before it is measured) until a step's p99 passes
 * 100 ms or any request fails (a 429 included). The largest n that held, with its offered
 * rate and p99 (properties 0 when even one did not).
 */
export async function measureCapacity(base: string, data: BenchData, options: { seconds: number; maxProperties: number }): Promise<Capacity> {
  const states: TenantState[] = [];
  await data.grow(1);
  say("capacity: warming up (1 property, 100 requests/s for 3 s) ...");
  await pacedLoad(base, { ratePerSecond: 100, seconds: 3, next: trafficOf(data, 1, states) });
  let held: Capacity = { properties: 0, requestsPerSecond: 0, p99: null };
  for (let n = 1; n <= options.maxProperties; n++) {
    await data.grow(n);
    const traffic = trafficOf(data, n, states);
    const rate = n * PER_PROPERTY;
    // The step's rate for a few seconds first, not counted: a jump from the idle pause of
    // seeding to the new rate showed a burst of slow answers in the first second (the heap
    // and the pools growing back), which is the pause's doing, not what the rate costs.
    await pacedLoad(base, { ratePerSecond: rate, seconds: STEP_WARM_UP_SECONDS, next: traffic });
    const result = await pacedLoad(base, { ratePerSecond: rate, seconds: options.seconds, next: traffic });
    const holds = result.errors === 0 && result.p99 <= P99_LIMIT_MS;
    const statuses = Object.entries(result.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    say(
      `capacity: ${n} ${n === 1 ? "property" : "properties"}, ${rate} requests/s offered for ${options.seconds} s: ` +
        `p50 ${result.p50} ms, p99 ${result.p99} ms (${Object.entries(result.p99ByKind).map(([kind, p99]) => `${kind} ${p99}`).join(", ")}), ` +
        `${result.errors} errors (${statuses}) → ${holds ? "holds" : "does not hold"}`,
    );
    if (!holds) return held;
    held = { properties: n, requestsPerSecond: rate, p99: result.p99 };
  }
  say(`capacity: stopped at BENCH_CAPACITY_MAX=${options.maxProperties} properties, still holding`);
  return held;
}
