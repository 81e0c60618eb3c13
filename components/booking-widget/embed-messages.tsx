"use client";

import { useEffect } from "react";

/**
 * Inside the widget's iframe: tells the hotel's page (widget.js) the height of the embed's content
 * (the element with this id) whenever it changes, so the frame grows and shrinks with it; the
 * first message is also how widget.js knows the embed is shown. The content's own height, not
 * the document's: the document is at least as tall as the frame, so it would never shrink. Only
 * a height leaves the frame. Posted to any origin: who may frame the embed at all is the hotel's
 * allowed sites (frame-ancestors).
 */
export function EmbedResizeMessages({ contentId }: { contentId: string }) {
  useEffect(() => {
    const content = document.getElementById(contentId);
    if (window.parent === window || !content) return;
    const post = () => window.parent.postMessage({ type: "room-booking:resize", height: content.getBoundingClientRect().height }, "*");
    const observer = new ResizeObserver(post);
    observer.observe(content);
    post();
    return () => observer.disconnect();
  }, [contentId]);
  return null;
}

/** On the confirmation page inside the iframe: the booking's reference, and nothing else about it, for the hotel's analytics (widget.js dispatches room-booking:booked). */
export function EmbedBookedMessage({ reference }: { reference: string }) {
  useEffect(() => {
    if (window.parent !== window) window.parent.postMessage({ type: "room-booking:booked", reference }, "*");
  }, [reference]);
  return null;
}
