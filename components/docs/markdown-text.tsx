import { inlineMarkdownToHtml } from "@/lib/docs/markdown";

/** A sentence of the docs' Markdown (`code` as code), rendered as text of the page (lib/docs/markdown.ts escapes any HTML in it). */
export function MarkdownText({ text }: { text: string }) {
  return <span dangerouslySetInnerHTML={{ __html: inlineMarkdownToHtml(text) }} />;
}
