import { markdownToHtml } from "@/lib/docs/markdown";
import { openApiDocument } from "@/lib/openapi/openapi-document";

/**
 * The interactive API reference, rendered in the browser by Scalar from
 * /partner/v1/openapi.json (getting started, every endpoint with a curl example, errors).
 * Until Scalar's script (about 3 MB) has loaded and mounted over it, the page already shows the
 * title and the getting-started text, from the same document, as plain HTML: never a blank pane,
 * and readable without JavaScript. This page is not rendered by Next, so it names the site's
 * icon itself (app/icon.svg); without it the browser asks for /favicon.ico.
 */
const CONFIGURATION = {
  url: "/partner/v1/openapi.json",
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

const STYLE = `body { margin: 0; font-family: system-ui, sans-serif; color: #1c1917; }
.errors-link { position: fixed; right: 1rem; bottom: 1rem; z-index: 10; background: #0e3646; color: #fff; padding: .5rem .9rem; border-radius: 999px; text-decoration: none; font-size: .9rem; }
.docs-intro { max-width: 48rem; margin: 0 auto; padding: 3rem 1.5rem 5rem; line-height: 1.6; }
.docs-intro h1 { font-size: 2rem; margin: 0 0 .5rem; }
.docs-intro .summary { font-size: 1.15rem; color: #44403c; }
.docs-intro .loading { color: #57534e; font-style: italic; }
.docs-intro pre { background: #1c1917; color: #f5f5f4; padding: 1rem; border-radius: .5rem; overflow-x: auto; font-size: .85rem; }
.docs-intro code { font-size: .9em; }
.docs-intro table { border-collapse: collapse; } .docs-intro th, .docs-intro td { border: 1px solid #d6d3d1; padding: .3rem .6rem; text-align: left; }`;

function page(): string {
  const { info } = openApiDocument() as { info: { title: string; summary: string; description: string } };
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${info.title}</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <style>${STYLE}</style>
  </head>
  <body>
    <a class="errors-link" href="/docs/errors">Error catalogue</a>
    <div id="api-reference-app">
      <main class="docs-intro">
        <h1>${info.title}</h1>
        <p class="summary">${info.summary}</p>
        <p class="loading" role="status">The interactive reference (every endpoint, with examples) is loading…</p>
        ${markdownToHtml(info.description)}
      </main>
    </div>
    <script src="/docs/reference.js"></script>
    <script>Scalar.createApiReference("#api-reference-app", ${JSON.stringify(CONFIGURATION)});</script>
  </body>
</html>`;
}

export function GET() {
  return new Response(page(), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
