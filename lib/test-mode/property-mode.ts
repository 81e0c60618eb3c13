import type { KeyMode } from "@/lib/api-keys/key-format";

export type PropertyMode = KeyMode;

/** A property is live, or the test twin of a live one (lib/test-mode/test-twin.ts): a fact of its row. */
export function propertyMode(property: { livePropertyId: string | null }): PropertyMode {
  return property.livePropertyId ? "test" : "live";
}
