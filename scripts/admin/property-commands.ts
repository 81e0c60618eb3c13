import { createProperty, validatePropertyInput } from "@/lib/properties/create-property";
import { isPlan, PLANS } from "@/lib/properties/plans";
import { setPropertyPlan } from "@/lib/properties/set-property-plan";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { findPropertyBySlug, listProperties } from "@/lib/properties/find-property";
import { describeChildAgeBands } from "@/lib/audit/describe-property-change";
import { childAgeBandsProblems, childAgeBandViews, readChildAgeBands } from "@/lib/properties/child-age-bands";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { resetTestData } from "@/lib/test-mode/test-twin";
import { parseChildAgeBandsSpec } from "./child-age-bands-spec";
import { defineCommand, refuseProblems } from "./command";
import { formatInstant, formatTable } from "./output";
import { UsageError } from "./parse-args";

const PLAN_CHOICES = PLANS.join("|");

export const propertyCreate = defineCommand({
  name: "property create",
  args: `--name N --timezone TZ --currency CUR --plan ${PLAN_CHOICES}`,
  summary: "Create a property; its slug comes from the name (with -2, -3, ... when taken).",
  options: { name: { type: "string" }, timezone: { type: "string" }, currency: { type: "string" }, plan: { type: "string" } },
  parse(args) {
    const input = { name: args.string("name"), timezone: args.string("timezone"), currency: args.string("currency"), plan: args.string("plan") };
    refuseProblems(validatePropertyInput(input));
    return input;
  },
  async run({ db }, input) {
    const property = await createProperty(db, input);
    return {
      json: { id: property.id, slug: property.slug },
      text: `Created property "${property.name}": slug ${property.slug}, id ${property.id}, plan ${property.plan}.`,
    };
  },
});

export const propertySetPlan = defineCommand({
  name: "property set-plan",
  args: `SLUG ${PLAN_CHOICES}`,
  summary: "Move a property to another plan (a property on free loses write access at once).",
  positionals: ["SLUG", "PLAN"],
  parse(args) {
    const plan = args.positional(1);
    if (!isPlan(plan)) throw new UsageError(`plan "${plan}" is not one of ${PLANS.join(", ")}`);
    return { slug: args.slug(0), plan };
  },
  async run({ db }, input) {
    const property = await setPropertyPlan(db, input);
    return { json: { id: property.id, plan: property.plan }, text: `${property.slug} is now on the ${property.plan} plan.` };
  },
});

export const propertyResetTest = defineCommand({
  name: "property reset-test",
  args: "SLUG",
  summary: "Reset the property's test data: test bookings, events, deliveries and e-mails deleted, live room types, rates and plans copied again (test keys and endpoints stay).",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    const { bookingsDeleted } = await resetTestData(db, { livePropertyId: property.id, actor: ADMIN_CLI_ACTOR });
    return {
      json: { property: property.slug, bookingsDeleted },
      text: `Reset the test data of ${property.slug}: ${bookingsDeleted} test booking${bookingsDeleted === 1 ? "" : "s"} deleted, live room types, rates and plans copied again.`,
    };
  },
});

export const propertyChildBands = defineCommand({
  name: "property child-bands",
  args: "SLUG [NAME:FROM-TO:AMOUNT,...]",
  summary:
    'Set the children\'s age bands, e.g. "Baby:0-2:0,Child:3-11:1500,Teen:12-17:2500": 1 to 3 bands covering ages 0-17 without gap or overlap, each an amount in minor units a night per child (bookings made later add it; test data takes them on reset-test). Without bands: show them.',
  positionals: ["SLUG", "[BANDS]"],
  parse(args) {
    const slug = args.slug(0);
    const spec = args.positionals[1];
    const bands = spec === undefined ? undefined : parseChildAgeBandsSpec(spec);
    if (bands) refuseProblems(childAgeBandsProblems(bands).map((problem) => problem.replace(/\.$/, "")));
    return { slug, bands };
  },
  async run({ db }, { slug, bands }) {
    const property = await findPropertyBySlug(db, slug);
    const set = bands && (await setChildAgeBands(db, { propertyId: property.id, bands, actor: ADMIN_CLI_ACTOR }));
    const views = childAgeBandViews(set ? set.bands : readChildAgeBands(property.childAgeBands), property.currency);
    const described = describeChildAgeBands(views);
    const text = !set ? `${property.slug}'s children's age bands: ${described}.` : set.changed ? `${property.slug}'s children's age bands are now ${described}.` : `${property.slug} already had those bands: nothing changed (${described}).`;
    return { json: { property: property.slug, childAgeBands: views, ...(set ? { changed: set.changed } : {}) }, text };
  },
});

export const propertyList = defineCommand({
  name: "property list",
  args: "",
  summary: "List every property.",
  parse: () => ({}),
  async run({ db }) {
    const properties = await listProperties(db);
    const rows = properties.map((p) => [p.slug, p.plan, p.currency, p.timezone, p.name, p.id, formatInstant(p.createdAt)]);
    return {
      json: { data: properties },
      text: formatTable(["SLUG", "PLAN", "CURRENCY", "TIMEZONE", "NAME", "ID", "CREATED"], rows, "No properties yet."),
    };
  },
});
