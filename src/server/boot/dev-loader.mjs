// Development only (npm run dev runs the server from source with tsx).
// Page modules import their CSS, which the browser gets from Vite; on the server such an import is an
// empty module.
export async function load(url, context, nextLoad) {
  if (url.endsWith(".css")) return { format: "module", source: "export default {};", shortCircuit: true };
  return nextLoad(url, context);
}

// The server renders the public pages with Preact (decisions/0070), as the build does (vite.server.config.ts):
// the public code's imports of React are Preact's. The server renders nothing of the portal's.
const PREACT_OF = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom/server": "preact/compat/server",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(PREACT_OF[specifier] ?? specifier, context);
}
