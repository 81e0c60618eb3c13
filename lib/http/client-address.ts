/**
 * The client's address, for limiting key guessing. Next.js records the peer address as the
 * last X-Forwarded-For entry; behind a load balancer, that balancer adds the client's. So the
 * last entry is the one a client cannot forge.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || headers.get("x-real-ip") || "unknown";
}
