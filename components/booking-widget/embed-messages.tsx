"use client";

import { useEffect } from "react";

/**
 * Inside the widget's iframe: tells the hotel's page (widget.js) the content's height whenever it
 * changes, so the frame grows and shrinks with it. Only a height leaves the frame. Posted to any
 * origin: who may frame the embed at all is the hotel's allowed sites (frame-ancestors).
 */
export function EmbedResizeMessages() {
  useEffect(() => {
    if (window.parent === window) return;
    const post = () => window.parent.postMessage({ type: "room-booking:resize", height: document.documentElement.scrollHeight }, "*");
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, []);
  return null;
}

/** On the confirmation page inside the iframe: the booking's reference, and nothing else about it, for the hotel's analytics (widget.js dispatches room-booking:booked). */
export function EmbedBookedMessage({ reference }: { reference: string }) {
  useEffect(() => {
    if (window.parent !== window) window.parent.postMessage({ type: "room-booking:booked", reference }, "*");
  }, [reference]);
  return null;
}
