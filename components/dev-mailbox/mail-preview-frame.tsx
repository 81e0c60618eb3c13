"use client";

import { useEffect, useRef } from "react";

/**
 * A message's HTML part in a frame as tall as its content (no scrollbar inside the page).
 * Sandboxed without scripts: the message cannot run code or send forms. Same origin only so
 * that this page can read the content's height; popups (links open in a new tab, see
 * htmlForPreview) leave the sandbox, so the page they open works as in a mail client.
 */
export function MailPreviewFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let observer: ResizeObserver | undefined;
    const fit = () => {
      const body = element.contentDocument?.documentElement;
      if (body) element.style.height = `${body.scrollHeight}px`;
    };
    const watch = () => {
      fit();
      observer?.disconnect();
      const body = element.contentDocument?.documentElement;
      if (body) (observer = new ResizeObserver(fit)).observe(body);
    };
    if (element.contentDocument?.readyState === "complete") watch();
    element.addEventListener("load", watch);
    window.addEventListener("resize", fit);
    return () => {
      element.removeEventListener("load", watch);
      window.removeEventListener("resize", fit);
      observer?.disconnect();
    };
  }, [html]);
  return (
    <iframe
      ref={frame}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={html}
      title={title}
      className="min-h-32 w-full rounded border border-stone-300 bg-white"
    />
  );
}
