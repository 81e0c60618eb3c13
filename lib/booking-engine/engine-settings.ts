import { isSiteLanguage, SITE_LANGUAGES } from "@/lib/i18n/guest-words";
import { freeTextProblem } from "@/lib/text/free-text";

/**
 * What a hotel sets on its booking engine, and the rules of each setting (the panel and the
 * admin CLI alike): the sites allowed to embed the widget, the accent colour, the welcome text
 * and the default language.
 */

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1"]);

/**
 * An allowed site as the browser names it in frame-ancestors: https://host[:port], or http://
 * for localhost and 127.0.0.1 only (a web designer trying the widget on their own machine). No
 * path, query, credentials or wildcard. Returns the origin as stored (lower case, no default
 * port), or the problem.
 */
export function parseAllowedOrigin(value: string): { origin: string } | { problem: string } {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `"${text}" is not a site address such as https://www.example-hotel.com` };
  }
  if (text.includes("*")) return { problem: `"${text}": no wildcards; list each site` };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) {
    return { problem: `"${text}": a site only (https://host or https://host:port), without a path` };
  }
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    return { problem: `"${text}": https:// only (http:// is for localhost and 127.0.0.1, to try the widget on your own machine)` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: `"${text}": https:// only` };
  return { origin: url.origin };
}

/** WCAG 2.x contrast ratio of a #rrggbb colour against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** The accent colour as stored (#rrggbb, lower case), or the problem: white text on it must reach 4.5:1 (WCAG AA). */
export function parseAccentColour(value: string): { colour: string } | { problem: string } {
  const text = value.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(text)) return { problem: `"${value.trim()}" is not a colour such as #1d5c7a` };
  const ratio = contrastWithWhite(text);
  if (ratio < 4.5) return { problem: `${text} on white has a contrast of ${ratio.toFixed(2)}:1; buttons need at least 4.5:1 (WCAG AA): choose a darker colour` };
  return { colour: text };
}

/** What a hotel sets on its engine; each field left out stays as it is. */
export type EngineSettings = { allowedOrigins?: string[]; defaultLanguage?: string; accentColour?: string; welcomeText?: string };
export type EngineSettingsField = keyof EngineSettings;

export const MAX_WELCOME_TEXT = 300;

/** The settings as stored (origins deduplicated in the order given, colour lower case), or each problem by its field. */
export function checkEngineSettings(settings: EngineSettings): { settings: EngineSettings; problems: { field: EngineSettingsField; message: string }[] } {
  const problems: { field: EngineSettingsField; message: string }[] = [];
  const checked: EngineSettings = {};
  if (settings.allowedOrigins) {
    checked.allowedOrigins = [];
    for (const value of settings.allowedOrigins) {
      const parsed = parseAllowedOrigin(value);
      if ("problem" in parsed) problems.push({ field: "allowedOrigins", message: parsed.problem });
      else if (!checked.allowedOrigins.includes(parsed.origin)) checked.allowedOrigins.push(parsed.origin);
    }
  }
  if (settings.defaultLanguage !== undefined) {
    if (isSiteLanguage(settings.defaultLanguage)) checked.defaultLanguage = settings.defaultLanguage;
    else problems.push({ field: "defaultLanguage", message: `language "${settings.defaultLanguage}" is not one of ${SITE_LANGUAGES.join(", ")}` });
  }
  if (settings.accentColour !== undefined) {
    const parsed = parseAccentColour(settings.accentColour);
    if ("problem" in parsed) problems.push({ field: "accentColour", message: parsed.problem });
    else checked.accentColour = parsed.colour;
  }
  if (settings.welcomeText !== undefined) {
    const text = settings.welcomeText.trim();
    if (text.length > MAX_WELCOME_TEXT) problems.push({ field: "welcomeText", message: `the welcome text must be at most ${MAX_WELCOME_TEXT} characters` });
    else {
      const problem = freeTextProblem(text, { multiline: true });
      if (problem) problems.push({ field: "welcomeText", message: `the welcome text: ${problem}` });
      else checked.welcomeText = text;
    }
  }
  return { settings: checked, problems };
}
