/** The panel's sections: shared by its navigation and the server actions that return to a section. */
export const PANEL_SECTIONS = [
  { href: "/overview", label: "Overview" },
  { href: "/rooms", label: "Rooms" },
  { href: "/rates", label: "Rates" },
  { href: "/rate-plans", label: "Rate plans" },
  { href: "/bookings", label: "Bookings" },
  { href: "/settings/api-keys", label: "Settings › API Keys" },
  { href: "/settings/webhooks", label: "Settings › Webhooks" },
  { href: "/settings/property", label: "Settings › Property" },
  { href: "/settings/team", label: "Settings › Team" },
  { href: "/settings/booking-engine", label: "Settings › Booking engine" },
  { href: "/settings/privacy", label: "Settings › Privacy" },
  { href: "/settings/test-mailbox", label: "Settings › Test mailbox" },
  { href: "/account", label: "Account" },
] as const;

export type PanelSection = (typeof PANEL_SECTIONS)[number]["href"];

/**
 * The panel's navigation: a few groups, each the pages it holds (the first is where the group's
 * link leads). Every section is in one group; some groups list pages inside a section too (the
 * desk's New booking, the request log under API keys).
 */
export const PANEL_NAV = [
  { label: "Overview", pages: [{ href: "/overview", label: "Overview" }] },
  { label: "Bookings", pages: [{ href: "/bookings", label: "Bookings" }, { href: "/bookings/new", label: "New booking (desk)" }] },
  { label: "Inventory", pages: [{ href: "/rooms", label: "Rooms" }, { href: "/rates", label: "Rates" }, { href: "/rate-plans", label: "Rate plans" }] },
  {
    label: "Settings",
    pages: [
      { href: "/settings/api-keys", label: "API keys" },
      { href: "/settings/api-keys/requests", label: "Requests" },
      { href: "/settings/webhooks", label: "Webhooks" },
      { href: "/settings/booking-engine", label: "Booking engine" },
      { href: "/settings/team", label: "Team" },
      { href: "/settings/property", label: "Property" },
      { href: "/settings/privacy", label: "Privacy" },
      { href: "/settings/test-mailbox", label: "Test mailbox" },
    ],
  },
  { label: "Account", pages: [{ href: "/account", label: "Account" }, { href: "/account/sign-in-security", label: "Sign-in security" }] },
] as const;

/** The navigation's group and page a path is on: the page whose address is the longest start of the path (a booking's page → Bookings; /bookings/new → New booking). */
export function matchNavPage(path: string): { group: (typeof PANEL_NAV)[number]; href: string } | undefined {
  const pathname = path.split(/[?#]/, 1)[0]!;
  let best: { group: (typeof PANEL_NAV)[number]; href: string } | undefined;
  for (const group of PANEL_NAV) {
    for (const page of group.pages) {
      if ((pathname === page.href || pathname.startsWith(`${page.href}/`)) && page.href.length > (best?.href.length ?? 0)) best = { group, href: page.href };
    }
  }
  return best;
}

/** Account › Sign-in security: passkeys and two-step codes; the only page of a member whose team requires a second factor they lack. */
export const SIGN_IN_SECURITY_PAGE = "/account/sign-in-security";

/** Where sign-in lands, and where anything that is not a panel page leads. */
export const PANEL_HOME: PanelSection = "/overview";

/** The panel section a path is in (a booking's page → /bookings), if any. */
export function matchSection(path: unknown): PanelSection | undefined {
  if (typeof path !== "string") return undefined;
  const pathname = path.split(/[?#]/, 1)[0]!;
  return PANEL_SECTIONS.find((s) => pathname === s.href || pathname.startsWith(`${s.href}/`))?.href;
}

/**
 * Where to return to after a change of property: the section the path is in, so a record of
 * the other property (a booking's page, a webhook's deliveries) is not opened for this one;
 * the overview for anything else. Only ever one of PANEL_SECTIONS, so a path sent in a form can
 * never redirect outside the panel.
 */
export function sectionOf(path: unknown): PanelSection {
  return matchSection(path) ?? PANEL_HOME;
}

/** The panel page a request asked for (path and query), set by proxy.ts for the sign-in to return to (a client's own is dropped). */
export const REQUESTED_PATH_HEADER = "x-rb-requested-path";

/**
 * Where sign-in returns to: the panel page that was asked for (its path and query), when it is
 * one; else the overview. Only a same-site path that names a panel section is taken, never an
 * absolute URL, `//host`, `/\host` or anything else a browser could read as another site: no open redirect.
 */
export function returnPathAfterSignIn(path: unknown): string {
  if (typeof path !== "string" || path.length > 2_000) return PANEL_HOME;
  if (!/^\/[^/\\]/.test(path) || /[\u0000-\u001f\u007f\\]/.test(path)) return PANEL_HOME;
  const url = new URL(path, "http://panel.invalid");
  if (url.origin !== "http://panel.invalid" || !matchSection(url.pathname)) return PANEL_HOME;
  return `${url.pathname}${url.search}`;
}
