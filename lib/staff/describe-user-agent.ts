import Bowser from "bowser";

/**
 * A browser's User-Agent as a member recognises it on Account › Sessions: "Chrome 156 on Linux",
 * "Safari 18 on iOS 18.1"; "Unknown browser" when there is none (a session a tool made) or it
 * names nothing known (bowser reads it).
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const parsed = Bowser.getParser(userAgent);
  const browser = parsed.getBrowserName();
  const major = parsed.getBrowserVersion()?.split(".")[0];
  const os = [parsed.getOSName(), parsed.getOSVersion()].filter(Boolean).join(" ");
  const name = browser ? [browser, major].filter(Boolean).join(" ") : "Unknown browser";
  return os ? `${name} on ${os}` : name;
}
