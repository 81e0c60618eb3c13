/** The languages the guest sites are written in (one message catalogue each). */
export const SITE_LANGUAGES: readonly string[] = ["en"];
