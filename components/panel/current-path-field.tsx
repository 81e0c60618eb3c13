"use client";

import { usePathname } from "next/navigation";

/** A hidden form field holding the page's path, for server actions that return to where they were used. */
export function CurrentPathField({ name }: { name: string }) {
  return <input type="hidden" name={name} value={usePathname() ?? ""} />;
}
