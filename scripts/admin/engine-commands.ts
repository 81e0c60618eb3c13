import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { disableBookingEngine, enableBookingEngine } from "@/lib/booking-engine/booking-engine";
import { parseAllowedOrigin } from "@/lib/booking-engine/engine-settings";
import { isSiteLanguage, SITE_LANGUAGES } from "@/lib/i18n/guest-words";
import { engineSiteUrl, engineSnippet } from "@/lib/booking-engine/engine-snippet";
import { publicBaseUrl } from "@/lib/env";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { defineCommand } from "./command";
import { UsageError } from "./parse-args";
import { cliSecretBox } from "./webhook-secrets";


export const engineEnable = defineCommand({
  name: "engine enable",
  args: `SLUG [--allow-origin ORIGIN]... [--language ${SITE_LANGUAGES.join("|")}]`,
  summary: "Turn a property's booking engine on (its site at /hotels/SLUG and the widget for its own site) and print the snippet; --allow-origin (repeatable) lists the sites that may embed it and replaces the list.",
  positionals: ["SLUG"],
  options: { "allow-origin": { type: "string", multiple: true }, language: { type: "string" } },
  parse(args) {
    const origins = args.strings("allow-origin");
    for (const origin of origins) {
      const parsed = parseAllowedOrigin(origin);
      if ("problem" in parsed) throw new UsageError(parsed.problem);
    }
    const language = args.optionalString("language");
    if (language !== undefined && !isSiteLanguage(language)) throw new UsageError(`language "${language}" is not one of ${SITE_LANGUAGES.join(", ")}`);
    return { slug: args.slug(0), origins, language };
  },
  async run({ db }, { slug, origins, language }) {
    const property = await findPropertyBySlug(db, slug);
    const engine = await enableBookingEngine(db, {
      propertyId: property.id,
      actor: ADMIN_CLI_ACTOR,
      box: cliSecretBox("booking-engine-keys"),
      ...(origins.length ? { allowedOrigins: origins } : {}),
      ...(language ? { defaultLanguage: language } : {}),
    });
    // Where the snippet points: as the server has it (set PUBLIC_BASE_URL, or PORT, as the server's).
    const base = publicBaseUrl(process.env);
    const url = engineSiteUrl(base, slug);
    const snippet = engineSnippet(base, slug);
    const sites = engine.allowedOrigins.length ? engine.allowedOrigins.join(", ") : "none yet (the widget is refused everywhere until one is listed)";
    return {
      json: { slug, url, snippet, allowedOrigins: engine.allowedOrigins, defaultLanguage: engine.defaultLanguage },
      text: [`The booking engine of ${slug} is on: ${url}`, `On the hotel's own site, paste: ${snippet}`, `Sites that may embed it: ${sites}`].join("\n"),
    };
  },
});

export const engineDisable = defineCommand({
  name: "engine disable",
  args: "SLUG",
  summary: "Turn a property's booking engine off: its site and widget stop, its key is revoked (settings are kept for next time).",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    await disableBookingEngine(db, { propertyId: property.id, actor: ADMIN_CLI_ACTOR });
    return { json: { slug, enabled: false }, text: `The booking engine of ${slug} is off; its key is revoked.` };
  },
});
