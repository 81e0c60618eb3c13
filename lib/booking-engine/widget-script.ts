import { createHash } from "node:crypto";

/**
 * widget.js: what a hotel's site loads with the snippet (engine-snippet.ts). No dependencies,
 * a few hundred bytes: it puts an iframe of /hotels/{slug}/embed where its script tag stands,
 * sizes it to its content when the embed says so (postMessage, from our origin only), and on a
 * confirmed booking dispatches `room-booking:booked` on the hotel's page with { reference }
 * and nothing else. Nothing in it names a key: the embed books through our server.
 */
export const WIDGET_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var hotel = script.getAttribute("data-hotel") || "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(hotel)) return;
  var origin = new URL(script.src).origin;
  var lang = script.getAttribute("data-lang");
  var frame = document.createElement("iframe");
  frame.src = origin + "/hotels/" + hotel + "/embed" + (lang ? "?lang=" + encodeURIComponent(lang) : "");
  frame.title = script.getAttribute("data-title") || "Book your stay";
  frame.loading = "lazy";
  frame.style.cssText = "width:100%;min-height:480px;border:0;display:block";
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (data.type === "room-booking:resize" && data.height > 0) frame.style.height = Math.ceil(data.height) + "px";
    if (data.type === "room-booking:booked" && typeof data.reference === "string") {
      script.dispatchEvent(new CustomEvent("room-booking:booked", { bubbles: true, detail: { reference: data.reference } }));
    }
  });
})();
`;

/** The Subresource Integrity value of widget.js (sha384), for hotels that pin it. */
export const WIDGET_INTEGRITY = `sha384-${createHash("sha384").update(WIDGET_SCRIPT, "utf8").digest("base64")}`;
