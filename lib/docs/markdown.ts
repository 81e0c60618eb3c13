import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/**
 * The docs' Markdown (the getting-started text, the error catalogue's and the scenarios' words)
 * as HTML, by micromark (CommonMark and GitHub's tables): raw HTML in the text is escaped, never
 * passed through, so the output is safe to put in a page.
 */
export function markdownToHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** One sentence of Markdown (`code`, *emphasis*, links) as inline HTML: without its paragraph. */
export function inlineMarkdownToHtml(text: string): string {
  return markdownToHtml(text).trim().replace(/^<p>/, "").replace(/<\/p>$/, "");
}
