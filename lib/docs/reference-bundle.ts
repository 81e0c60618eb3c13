import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Scalar's API reference bundle, as /docs/reference.js serves it: read from our own
 * node_modules (no CDN, so /docs works offline), with one change. Scalar offers no option
 * for the placeholder of its secret fields, and its own, a base64 string, reads as a key
 * already filled in; ours says where a key comes from. test/unit/reference-bundle.test.ts
 * fails when an upgrade moves or renames Scalar's string.
 */
export const SCALAR_SECRET_PLACEHOLDER = "QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT";
export const API_KEY_PLACEHOLDER = "rbp_… from Settings › API Keys";

function withOurPlaceholder(bundle: string): string {
  return bundle.replaceAll(SCALAR_SECRET_PLACEHOLDER, API_KEY_PLACEHOLDER);
}

let bundle: Promise<string> | undefined;

export function loadReferenceBundle(): Promise<string> {
  const file = join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
  bundle ??= readFile(file, "utf8").then(withOurPlaceholder);
  return bundle;
}
