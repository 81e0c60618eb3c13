"use client";

import { useEffect, useRef } from "react";
import { PREVIEW_HEIGHT_MESSAGE } from "@/lib/mail/mail-preview";

/**
 * A message's HTML part (htmlForPreview) in a frame as tall as its content, so the page has
 * one scrollbar. Sandboxed without same-origin: whatever the message holds runs in an origin
 * of its own, and cannot reach this page, its cookies or the app; it only reports its height.
 * Popups leave the sandbox, so a link opens its page in a new tab as a mail client would.
 */
export function MailPreviewFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const fit = (event: MessageEvent) => {
      const element = frame.current;
      if (!element || event.source !== element.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown };
      if (data?.type === PREVIEW_HEIGHT_MESSAGE && typeof data.height === "number") {
        const borders = element.offsetHeight - element.clientHeight; // the height set includes them (border-box)
        element.style.height = `${Math.ceil(data.height) + borders}px`;
      }
    };
    window.addEventListener("message", fit);
    frame.current?.contentWindow?.postMessage("measure", "*"); // it may have reported before this page listened
    return () => window.removeEventListener("message", fit);
  }, []);
  return (
    <iframe
      ref={frame}
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      srcDoc={html}
      title={title}
      className="min-h-32 w-full rounded border border-stone-300 bg-white"
    />
  );
}
