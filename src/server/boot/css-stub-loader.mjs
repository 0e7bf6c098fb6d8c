// Development only (npm run dev runs the server from source with tsx): page modules import their CSS,
// which the browser gets from Vite; on the server such an import is an empty module.
export async function load(url, context, nextLoad) {
  if (url.endsWith(".css")) return { format: "module", source: "export default {};", shortCircuit: true };
  return nextLoad(url, context);
}
