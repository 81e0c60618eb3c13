import { createHash } from "node:crypto";

/** How long widget.js waits, once its frame has loaded, for the embed to say it is ready (a refused frame never does). */
export const WIDGET_READY_WAIT_MS = 4000;

/**
 * widget.js: what a hotel's site loads with the snippet (engine-snippet.ts). No dependencies,
 * a few hundred bytes: it puts an iframe of /hotels/{slug}/embed where its script tag stands,
 * sized to its content (both ways) whenever the embed says so (postMessage, from our origin
 * only), and on a confirmed booking dispatches `room-booking:booked` on the hotel's page with
 * { reference } and nothing else. The frame takes no room until the embed says it is ready: on
 * a site the hotel has not allowed, the browser refuses the embed (frame-ancestors), so it never
 * does; WIDGET_READY_WAIT_MS after the frame loads, the frame is removed and one console line
 * names the origin to add in Settings › Booking engine. Nothing in it names a key: the embed
 * books through our server.
 */
export const WIDGET_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var hotel = script.getAttribute("data-hotel") || "";
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(hotel)) return;
  var origin = new URL(script.src).origin;
  var lang = script.getAttribute("data-lang");
  var ready = false;
  var frame = document.createElement("iframe");
  frame.src = origin + "/hotels/" + hotel + "/embed" + (lang ? "?lang=" + encodeURIComponent(lang) : "");
  frame.title = script.getAttribute("data-title") || "Book your stay";
  frame.style.cssText = "width:100%;height:0;border:0;display:block";
  frame.addEventListener("load", function () {
    setTimeout(function () {
      if (ready || !frame.parentNode) return;
      frame.parentNode.removeChild(frame);
      console.error("Room Booking widget: the booking engine of \\"" + hotel + "\\" is not shown on " + location.origin + ". " +
        "Add " + location.origin + " to its allowed sites in Settings › Booking engine (" + origin + "/settings/booking-engine), and check that the engine is on.");
    }, ${WIDGET_READY_WAIT_MS});
  });
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (data.type === "room-booking:resize" && data.height > 0) {
      ready = true;
      frame.style.height = Math.ceil(data.height) + "px";
    }
    if (data.type === "room-booking:booked" && typeof data.reference === "string") {
      script.dispatchEvent(new CustomEvent("room-booking:booked", { bubbles: true, detail: { reference: data.reference } }));
    }
  });
})();
`;

/** The Subresource Integrity value of widget.js (sha384), for hotels that pin it. */
export const WIDGET_INTEGRITY = `sha384-${createHash("sha384").update(WIDGET_SCRIPT, "utf8").digest("base64")}`;
