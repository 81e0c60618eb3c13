import { describe, expect, it } from "vitest";
import { API_KEY_PLACEHOLDER, SCALAR_SECRET_PLACEHOLDER, loadReferenceBundle } from "@/lib/docs/reference-bundle";

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const asPlaceholder = (text: string) => new RegExp(`placeholder:["'\`]${text}["'\`]`, "g");

describe("the API reference bundle /docs serves", () => {
  it("asks for an API key with our placeholder, not Scalar's base64 joke", async () => {
    const bundle = await loadReferenceBundle();
    expect(occurrences(bundle, SCALAR_SECRET_PLACEHOLDER)).toBe(0);
    // Scalar's apiKey field and its OAuth token field; when an upgrade changes the string, this fails.
    expect(bundle.match(asPlaceholder(API_KEY_PLACEHOLDER))?.length ?? 0).toBeGreaterThanOrEqual(1);
  });
});
