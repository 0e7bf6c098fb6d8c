/**
 * A served page without what only the server writes, as the browser's first render (hydration) gives it:
 * its data for hydration, its structured data, and the brand's head tags (favicon links and the accent:
 * src/server/site/ssr/brand-head.ts). All but the data sit in <head>, where React leaves what it did not
 * render alone; and the header's search form (src/server/site/ssr/header-search.ts), the body's first element,
 * which React passes over there too.
 */
export function withoutServerOnly(html: string): string {
  return html
    .replace(/<script id="__APP_DATA__"[\s\S]*?<\/script>/, "")
    .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="(?:icon|apple-touch-icon)"[^>]*\/>/g, "")
    .replace(/<style>:root\{[^<]*\}<\/style>/g, "")
    .replace(/<form class="header-search"[\s\S]*?<\/form>/, "");
}
