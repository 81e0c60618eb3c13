import { describe, expect, it } from "vitest";
import { chooseLanguage, preferredLanguages } from "@/lib/i18n/choose-language";
import { decodeSiteAddress, encodeSiteAddress, siteBasePath, siteRouteOf } from "@/lib/guest-site/site-address";
import { siteHref } from "@/components/booking-widget/site-href";

describe("which guest site a path belongs to", () => {
  it("names the demo hotel's pages, a hotel's full pages and its embed", () => {
    expect(siteRouteOf("/")).toEqual({ slug: null, view: "full" });
    expect(siteRouteOf("/manage/abc.def/change")).toEqual({ slug: null, view: "full" });
    expect(siteRouteOf("/hotels/alfama-rooms")).toEqual({ slug: "alfama-rooms", view: "full" });
    expect(siteRouteOf("/hotels/alfama-rooms/search")).toEqual({ slug: "alfama-rooms", view: "full" });
    expect(siteRouteOf("/hotels/alfama-rooms/embed")).toEqual({ slug: "alfama-rooms", view: "embed" });
    expect(siteRouteOf("/hotels/alfama-rooms/embed/confirmation/t0k3n")).toEqual({ slug: "alfama-rooms", view: "embed" });
  });

  it("leaves every other path alone (the panel, the API, unknown hotel pages, a twin's slug)", () => {
    for (const path of ["/login", "/settings/api-keys", "/partner/v1/me", "/hotels", "/hotels/x/docs", "/hotels/Upper", "/hotels/a~test", "/searching", "/manage"]) {
      expect(siteRouteOf(path), path).toBeNull();
    }
  });

  it("builds each site's links, keeping a language the guest chose", () => {
    expect(siteBasePath({ slug: null, view: "full" })).toBe("");
    expect(siteBasePath({ slug: "alfama", view: "embed" })).toBe("/hotels/alfama/embed");
    expect(siteHref({ basePath: "" }, "/")).toBe("/");
    expect(siteHref({ basePath: "/hotels/alfama" }, "/")).toBe("/hotels/alfama");
    expect(siteHref({ basePath: "/hotels/alfama/embed", lang: "de" }, "/search", { adults: "2" })).toBe("/hotels/alfama/embed/search?adults=2&lang=de");
  });

  it("carries the site in one header, and reads a missing one as the demo hotel in English", () => {
    const site = { slug: "alfama", view: "embed" as const, lang: "de", langExplicit: true };
    expect(decodeSiteAddress(encodeSiteAddress(site))).toEqual(site);
    expect(decodeSiteAddress(null)).toEqual({ slug: null, view: "full", lang: "en", langExplicit: false });
  });
});

describe("the language of a guest page", () => {
  const available = ["en", "de"];
  it("takes ?lang= first, then Accept-Language by quality, then the hotel's default", () => {
    expect(chooseLanguage({ query: "de", acceptLanguage: "en", fallback: "en", available })).toEqual({ lang: "de", explicit: true });
    expect(chooseLanguage({ query: "fr", acceptLanguage: "fr-FR, de;q=0.7, en;q=0.8", fallback: "en", available })).toEqual({ lang: "en", explicit: false });
    expect(chooseLanguage({ query: null, acceptLanguage: "de-AT", fallback: "en", available })).toEqual({ lang: "de", explicit: false });
    expect(chooseLanguage({ query: null, acceptLanguage: "pt-PT, fr", fallback: "de", available })).toEqual({ lang: "de", explicit: false });
    expect(chooseLanguage({ query: null, acceptLanguage: null, fallback: "xx", available })).toEqual({ lang: "en", explicit: false });
  });

  it("reads Accept-Language as browsers send it (q=0 is a refusal, * names nothing)", () => {
    expect(preferredLanguages("de-CH, de;q=0.9, en;q=0.8, *;q=0.5")).toEqual(["de", "de", "en"]);
    expect(preferredLanguages("en;q=0, de")).toEqual(["de"]);
    expect(preferredLanguages("")).toEqual([]);
  });
});
