/**
 * The interactive API reference, rendered in the browser by Scalar from
 * /partner/v1/openapi.json (getting started, every endpoint with a curl example, errors).
 * This page is not rendered by Next, so it names the site's icon itself (app/icon.svg);
 * without it the browser asks for /favicon.ico, which the site does not have.
 */
const CONFIGURATION = {
  theme: "default",
  layout: "modern",
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  telemetry: false,
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  metaData: { title: "Room Booking Partner API" },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Room Booking Partner API</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <style>body { margin: 0; font-family: system-ui, sans-serif; } .errors-link { position: fixed; right: 1rem; bottom: 1rem; z-index: 10; background: #0e3646; color: #fff; padding: .5rem .9rem; border-radius: 999px; text-decoration: none; font-size: .9rem; }</style>
  </head>
  <body>
    <a class="errors-link" href="/docs/errors">Error catalogue</a>
    <script id="api-reference" data-url="/partner/v1/openapi.json" data-configuration='${JSON.stringify(CONFIGURATION)}'></script>
    <script src="/docs/reference.js"></script>
  </body>
</html>`;

export function GET() {
  return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
