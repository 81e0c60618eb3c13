/**
 * What the development mailbox shows of a message: its HTML part made to open links in a new
 * tab (a preview frame cannot show pages that refuse framing, such as the manage page), and
 * its text part cut into plain text and clickable addresses.
 */

/** The message a preview frame sends its page with the height of its content. */
export const PREVIEW_HEIGHT_MESSAGE = "mail-preview-height";

/**
 * Reports the document's height to the page around the frame whenever it changes, and when the
 * page asks (any message: the page's script may start after the frame has loaded). The frame is
 * sandboxed without same-origin, so the page cannot read it: the frame tells. A frame's srcdoc
 * keeps the page's content security policy, so this script carries the page's nonce (and the
 * message's own scripts, which carry none, do not run).
 */
const reportHeight = (nonce: string) => `<script nonce="${nonce}">(function(){var post=function(){parent.postMessage({type:"${PREVIEW_HEIGHT_MESSAGE}",height:document.documentElement.scrollHeight},"*")};new ResizeObserver(post).observe(document.documentElement);addEventListener("load",post);addEventListener("message",post)})()</script>`;

/**
 * The HTML part as the preview frame shows it: `<base target="_blank">` first in its head, so
 * that every link opens in a new tab, and the height report last, with the page's nonce.
 */
export function htmlForPreview(html: string, nonce: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const based = head ? html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length) : base + html;
  return based + reportHeight(nonce);
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
