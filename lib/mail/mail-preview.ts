/**
 * What the development mailbox shows of a message: its HTML part made to open links in a new
 * tab (a preview frame cannot show pages that refuse framing, such as the manage page), and
 * its text part cut into plain text and clickable addresses.
 */

/** The HTML part with `<base target="_blank">` first in its head, so that every link opens in a new tab. */
export function htmlForPreview(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

export type TextPiece = { text: string } | { url: string };

/** An http(s) address up to the next space or angle bracket; punctuation that ends a sentence is not part of it. */
const URL = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]'}]+$/;

/** The text cut into runs of plain text and the web addresses in it, in order. */
export function textWithLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(URL)) {
    const url = match[0].replace(TRAILING, "");
    if (match.index > at) pieces.push({ text: text.slice(at, match.index) });
    pieces.push({ url });
    at = match.index + url.length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}
