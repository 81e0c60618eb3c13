import { guestWords } from "@/lib/i18n/guest-words";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * What a guest site's page answers while the site cannot book (its key was revoked or rotated:
 * lib/guest-site/demo-site-key.ts): "bookings are unavailable right now", 503 with Retry-After,
 * in the guest's language. A whole page of its own, answered by the proxy (a page rendered by
 * Next.js cannot answer 503), styled inline like the site; nothing of the hotel is read, since
 * the key that would read it is what failed.
 */
export function siteUnavailableResponse(lang: string): Response {
  const { t, lang: language } = guestWords(lang);
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(t("unavailable.title"))}</title>
<style>body{margin:0;background:#fafaf9;color:#1c1917;font-family:ui-sans-serif,system-ui,sans-serif;line-height:1.5}main{max-width:48rem;margin:0 auto;padding:4rem 1.5rem}h1{font-family:ui-serif,Georgia,serif;font-size:1.875rem;font-weight:400;color:#0e3646;margin:0 0 1rem}a{color:#185a72}</style>
</head><body><main>
<h1>${escape(t("unavailable.title"))}</h1>
<p>${escape(t("unavailable.text"))}</p>
<p><a href="">${escape(t("unavailable.retry"))}</a></p>
</main></body></html>
`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" } });
}
