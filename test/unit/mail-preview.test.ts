import { describe, expect, it } from "vitest";
import { htmlForPreview, PREVIEW_HEIGHT_MESSAGE, textWithLinks } from "@/lib/mail/mail-preview";

describe("the dev mailbox's preview of a message", () => {
  it("opens the HTML part's links in a new tab, and reports its height to the page last, with the page's nonce", () => {
    const html = '<!doctype html><html><head lang="en"><title>x</title></head><body><a href="/m">m</a></body></html>';
    const preview = htmlForPreview(html, "bm9uY2U=");
    expect(preview.startsWith('<!doctype html><html><head lang="en"><base target="_blank"><title>x</title></head><body><a href="/m">m</a></body></html><script nonce="bm9uY2U=">')).toBe(true);
    expect(preview).toContain(`type:"${PREVIEW_HEIGHT_MESSAGE}"`);
    expect(preview.endsWith("</script>")).toBe(true);
    expect(htmlForPreview("<p><a href='/m'>m</a></p>", "n").startsWith('<base target="_blank"><p><a href=\'/m\'>m</a></p><script nonce="n">')).toBe(true);
    expect(htmlForPreview("<HEAD><title>x</title></HEAD>", "n").startsWith('<HEAD><base target="_blank"><title>x</title></HEAD>')).toBe(true);
  });

  it("makes the text part's web addresses links, leaving sentence punctuation outside them", () => {
    expect(textWithLinks("Manage it: http://localhost:3000/manage/abc.def_1-2.\nThanks (see https://hotel.example/faq).")).toEqual([
      { text: "Manage it: " },
      { url: "http://localhost:3000/manage/abc.def_1-2" },
      { text: ".\nThanks (see " },
      { url: "https://hotel.example/faq" },
      { text: ")." },
    ]);
    expect(textWithLinks("no address here")).toEqual([{ text: "no address here" }]);
    expect(textWithLinks("https://a.example/x?y=1&z=2")).toEqual([{ url: "https://a.example/x?y=1&z=2" }]);
    expect(textWithLinks("")).toEqual([]);
  });
});
