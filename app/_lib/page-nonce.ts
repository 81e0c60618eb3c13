import "server-only";
import { headers } from "next/headers";
import { nonceOf } from "@/lib/http/page-security-headers";

/**
 * This page's nonce, for a script of our own in it: the one in the policy proxy.ts set on the
 * request (app/_lib/page-security.ts), which Next.js puts on its own scripts too. Every page goes
 * through the proxy; without it there would be no policy, and no nonce needed ("").
 */
export async function pageNonce(): Promise<string> {
  return nonceOf((await headers()).get("content-security-policy")) ?? "";
}
