/** The hotel's booking site on our server. */
export function engineSiteUrl(publicBaseUrl: string, slug: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/hotels/${slug}`;
}

/** What the hotel pastes into its own site where the widget should stand: one async line. */
export function engineSnippet(publicBaseUrl: string, slug: string): string {
  return `<script src="${publicBaseUrl.replace(/\/+$/, "")}/widget.js" data-hotel="${slug}" async></script>`;
}
