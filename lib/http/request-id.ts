import { pooledRandomBytes } from "@/lib/pooled-random-bytes";

const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane one, else a new one. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && VALID.test(incoming) ? incoming : `req_${pooledRandomBytes(12).toString("hex")}`;
}
