import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { isSlug } from "@/lib/properties/slug";
import { applyRetention, type RetentionRun } from "@/lib/privacy/apply-retention";
import { describeErasure, eraseGuest } from "@/lib/privacy/erase-guest";
import { exportGuestData } from "@/lib/privacy/export-guest-data";
import { findGuestBookings, findGuestGroups, isGuestEmail } from "@/lib/privacy/guest-bookings";
import { defineCommand } from "./command";
import { CommandArgs, UsageError } from "./parse-args";

/** The guest's e-mail address and the property, as both guest commands take them. */
function guestArgs(args: CommandArgs) {
  const email = args.positional(0).trim();
  if (!isGuestEmail(email)) throw new UsageError(`"${email}" is not an e-mail address`);
  const slug = args.string("property");
  if (!isSlug(slug)) throw new UsageError(`--property "${slug}" is not a property slug (lower-case letters, digits and hyphens, e.g. harbour-view-hotel)`);
  return { email, slug };
}

export const guestExport = defineCommand({
  name: "guest export",
  args: "EMAIL --property SLUG",
  summary: "Print, as JSON, everything the property holds about the guest with this e-mail (any capitals): their bookings, each booking's history and the e-mails sent about it (a guest's right of access).",
  positionals: ["EMAIL"],
  options: { property: { type: "string" } },
  parse: guestArgs,
  async run({ db }, { email, slug }) {
    const property = await findPropertyBySlug(db, slug);
    const data = await exportGuestData(db, { property, email, actor: ADMIN_CLI_ACTOR, way: "cli" });
    return { json: data, text: JSON.stringify(data, null, 2) };
  },
});

export const guestErase = defineCommand({
  name: "guest erase",
  args: "EMAIL --property SLUG [--yes]",
  summary:
    "Erase the guest with this e-mail (any capitals) from every booking of the property whose stay has ended: names \"Anonymised\", the e-mail an address that cannot exist, everywhere it is kept (history, events, webhook bodies, e-mails); bookings not ended are refused and named. Without --yes: says what it would erase, and erases nothing.",
  positionals: ["EMAIL"],
  options: { property: { type: "string" }, yes: { type: "boolean" } },
  parse: (args) => ({ ...guestArgs(args), confirmed: args.flag("yes") }),
  async run({ db }, { email, slug, confirmed }) {
    const property = await findPropertyBySlug(db, slug);
    if (!confirmed) {
      const found = [...(await findGuestBookings(db, property.id, email)), ...(await findGuestGroups(db, property.id, email))];
      const references = found.map((record) => record.reference);
      return {
        json: { property: property.slug, erased: false, bookings: references },
        text: references.length
          ? `${references.length} booking${references.length === 1 ? "" : "s"} of ${property.slug} with ${email}: ${references.join(", ")}. Nothing erased: run again with --yes to erase the guest from those whose stay has ended.`
          : `No booking of ${property.slug} has the guest ${email}: nothing to erase.`,
      };
    }
    const erasure = await eraseGuest(db, { property, email, actor: ADMIN_CLI_ACTOR, way: "cli" });
    const { done, refused } = describeErasure(erasure);
    return {
      json: { property: property.slug, ...erasure },
      text: [done, ...(refused ? [refused] : [])].join("\n"),
      exitCode: refused ? 1 : 0,
    };
  },
});

export const guestRetention = defineCommand({
  name: "guest retention",
  args: "SLUG",
  summary:
    "Apply the property's retention period now (the worker does it every day): anonymise the guest of every booking whose checkout is more than the period before today, in batches; then the same for its test twin (by its test clock). Nothing without a period.",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    const twin = await db.property.findUnique({ where: { livePropertyId: property.id }, select: { id: true } });
    const runs = [await applyRetention(db, { propertyId: property.id }), ...(twin ? [await applyRetention(db, { propertyId: twin.id })] : [])];
    const line = (run: RetentionRun) =>
      run.months === null
        ? `${run.property}: no retention period, nothing erased.`
        : `${run.property}: anonymised ${run.anonymised} booking${run.anonymised === 1 ? "" : "s"} with checkout before ${run.before} (${run.months} months).`;
    return { json: { data: runs }, text: runs.map(line).join("\n") };
  },
});
