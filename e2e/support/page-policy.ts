/**
 * A page's content security policy as the browser reads it: its directives by name, each with
 * its sources.
 */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** The nonce the policy's script-src names, if any. */
export function nonceOf(policy: string): string | undefined {
  return directives(policy)
    .get("script-src")
    ?.find((source) => source.startsWith("'nonce-"))
    ?.slice("'nonce-".length, -1);
}

/**
 * What is wrong with a page's policy for scripts, one line each (none: an empty list). Only the
 * scripts the server rendered with this answer's nonce may run, and what they load in turn
 * ('strict-dynamic'); never an inline script an attacker slipped into the page ('unsafe-inline').
 */
export function scriptPolicyProblems(policy: string): string[] {
  const scripts = directives(policy).get("script-src");
  if (!scripts) return [`no script-src (${policy || "no policy"})`];
  return [
    ...(nonceOf(policy) ? [] : [`script-src names no nonce (${scripts.join(" ")})`]),
    ...(scripts.includes("'strict-dynamic'") ? [] : [`script-src without 'strict-dynamic' (${scripts.join(" ")})`]),
    ...(scripts.includes("'unsafe-inline'") ? [`script-src allows 'unsafe-inline' (${scripts.join(" ")})`] : []),
  ];
}

/** The script tags of a page's HTML that do not carry its nonce (a browser would refuse to run them). */
export function scriptsWithoutNonce(html: string, nonce: string | undefined): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map(([tag]) => tag).filter((tag) => !nonce || !tag.includes(` nonce="${nonce}"`));
}
