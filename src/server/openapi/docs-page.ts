import { PERMISSION_LABELS } from "../../shared/permissions";
import { createHash } from "node:crypto";
import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiParameter, OpenApiResponse } from "./document";

/**
 * GET /api/docs: the OpenAPI document as a plain, server-rendered reference page. Everything on it
 * comes from the document, so page and document cannot disagree. No script, font or outside address;
 * its one stylesheet is inline and allowed by its hash in the page's own Content-Security-Policy
 * (DOCS_CSP), so no 'unsafe-inline' is needed.
 */

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff}
header,main,nav{max-width:60rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}
h1{font-size:1.8rem;margin:0 0 .5rem}
h2{font-size:1.45rem;margin:2.5rem 0 .5rem;padding-top:.5rem;border-top:2px solid #d0d7de}
h3{font-size:1.15rem;margin:2rem 0 .25rem;overflow-wrap:anywhere}
h4{font-size:1rem;margin:1rem 0 .25rem}
a{color:#0b5394}
a:focus-visible{outline:3px solid #0b5394;outline-offset:2px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:4px;padding:.5rem .75rem;overflow-x:auto;margin:.25rem 0 .75rem}
table{border-collapse:collapse;width:100%;margin:.25rem 0 .75rem}
th,td{border:1px solid #d0d7de;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
td pre{margin:0;border:0;padding:0;background:none}
dt{font-weight:600;margin-top:.5rem}
dd{margin:0 0 .5rem 1rem}
.method{display:inline-block;min-width:4.2rem;padding:0 .35rem;border-radius:3px;color:#fff;font:700 .8rem/1.6 ui-monospace,monospace;text-align:center;text-transform:uppercase}
.get{background:#0a5c36}.post{background:#0b4f8a}.put{background:#7a4a00}.patch{background:#5b3a8c}.delete{background:#a11d1d}
.access{font-weight:600}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.25rem .5rem}
nav ol{padding-left:1.25rem}nav ul{padding-left:1rem;list-style:none}nav li{margin:.15rem 0}
`;

/** The page's policy: nothing but its own stylesheet (by hash) and links. */
export const DOCS_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const REASONS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "304": "Not Modified",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "409": "Conflict",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "503": "Service Unavailable",
};

function accessLabel(access: OpenApiOperation["x-access"]): string {
  if (access === "public") return "Public (no session)";
  if (access === "staff") return "Staff (signed in)";
  return `Staff whose role allows: ${PERMISSION_LABELS[access]}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The document's descriptions are CommonMark; the page needs only paragraphs and `code`. */
function prose(text: string | undefined): string {
  if (!text) return "";
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/`([^`]+)`/g, "<code>$1</code>")}</p>`)
    .join("");
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * JSON as people read it: a value that fits on one line stays on one line, a larger one is indented.
 * References to shared schemas become links to them. Returns HTML.
 */
function compactJson(value: unknown, indent = "", width = 88): string {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= width || value === null || typeof value !== "object") return linkRefs(escapeHtml(flat));
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + compactJson(item, inner, width)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${inner}${escapeHtml(JSON.stringify(key))}: ${compactJson(item, inner, width)}`,
  );
  return `{\n${entries.join(",\n")}\n${indent}}`;
}

function linkRefs(html: string): string {
  return html.replace(
    /&quot;#\/components\/schemas\/(\w+)&quot;/g,
    (_, name: string) => `"<a href="#schema-${name}">#/components/schemas/${name}</a>"`,
  );
}

function schemaBlock(schema: JsonSchema): string {
  return `<pre><code>${compactJson(schema)}</code></pre>`;
}

/** An item as given, or the shared component its $ref names. */
function resolve<T>(doc: OpenApiDocument, item: T | { $ref: string }): T {
  if (item && typeof item === "object" && "$ref" in item) {
    const [, , group, name] = item.$ref.split("/");
    return (doc.components as unknown as Record<string, Record<string, T>>)[group!]![name!]!;
  }
  return item as T;
}

function parametersTable(doc: OpenApiDocument, op: OpenApiOperation): string {
  if (!op.parameters?.length) return "";
  const rows = op.parameters
    .map((item) => resolve<OpenApiParameter>(doc, item))
    .map(
      (p) =>
        `<tr><th scope="row"><code>${escapeHtml(p.name)}</code></th><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td>` +
        `<td><pre><code>${compactJson(p.schema, "", 48)}</code></pre></td><td>${prose(p.description)}</td></tr>`,
    )
    .join("");
  return (
    `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th>` +
    `<th scope="col">Schema</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

function requestBody(op: OpenApiOperation): string {
  if (!op.requestBody) return "";
  const parts = Object.entries(op.requestBody.content)
    .map(([media, { schema }]) => `<dt><code>${escapeHtml(media)}</code></dt><dd>${schemaBlock(schema)}</dd>`)
    .join("");
  return `<h4>Request body (${op.requestBody.required ? "required" : "optional"})</h4><dl>${parts}</dl>`;
}

/** An answer's description, headers and bodies. */
function answerBody(response: OpenApiResponse): string {
  const headers = Object.keys(response.headers ?? {});
  const bodies = Object.entries(response.content ?? {})
    .map(([media, { schema }]) => `<p>Body: <code>${escapeHtml(media)}</code></p>${schemaBlock(schema)}`)
    .join("");
  return (
    prose(response.description) +
    (headers.length ? `<p>Headers: ${headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(", ")}</p>` : "") +
    bodies
  );
}

const statusText = (status: string) => `${status} ${REASONS[status] ?? ""}`.trim();

/** The operation's own answers in full; the shared error answers as links to the Error answers section. */
function answers(op: OpenApiOperation): string {
  const own: string[] = [];
  const shared: string[] = [];
  for (const [status, item] of Object.entries(op.responses)) {
    if ("$ref" in item) shared.push(`<a href="#response-${item.$ref.split("/").pop()}">${statusText(status)}</a>`);
    else own.push(`<dt>${statusText(status)}</dt><dd>${answerBody(item)}</dd>`);
  }
  return `<h4>Answers</h4><dl>${own.join("")}</dl>${shared.length ? `<p>Errors: ${shared.join(", ")}.</p>` : ""}`;
}

interface Listed {
  method: string;
  path: string;
  op: OpenApiOperation;
}

function operationsByTag(doc: OpenApiDocument): Map<string, Listed[]> {
  const byTag = new Map<string, Listed[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      for (const tag of op.tags) {
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag)!.push({ method, path, op });
      }
    }
  }
  return byTag;
}

const methodBadge = (method: string) => `<span class="method ${method}">${method.toUpperCase()}</span>`;

export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = operationsByTag(doc);
  const descriptions = new Map(doc.tags.map((tag) => [tag.name, tag.description]));

  const contents = [...byTag]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<li><a href="#tag-${slug(tag)}">${escapeHtml(tag)}</a><ul>` +
        ops
          .map(
            ({ method, path, op }) =>
              `<li><a href="#${op.operationId}">${method.toUpperCase()} ${escapeHtml(path)}</a>: ${escapeHtml(op.summary)}</li>`,
          )
          .join("") +
        `</ul></li>`,
    )
    .join("");

  const sections = [...byTag]
    .filter(([, ops]) => ops.length > 0)
    .map(([tag, ops]) => {
      const id = `tag-${slug(tag)}`;
      const articles = ops
        .map(
          ({ method, path, op }) =>
            `<article id="${op.operationId}" aria-labelledby="${op.operationId}-h"><h3 id="${op.operationId}-h">${methodBadge(method)} ` +
            `<code>${escapeHtml(path)}</code></h3>` +
            `<p><strong>${escapeHtml(op.summary)}</strong></p>` +
            `<p>Access: <span class="access">${escapeHtml(accessLabel(op["x-access"]))}</span>. Operation id: <code>${op.operationId}</code>.</p>` +
            prose(op.description) +
            parametersTable(doc, op) +
            requestBody(op) +
            answers(op) +
            `</article>`,
        )
        .join("");
      return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(tag)}</h2>${prose(descriptions.get(tag))}${articles}</section>`;
    })
    .join("");

  const schemas = Object.entries(doc.components.schemas)
    .map(([name, schema]) => {
      const { description, ...rest } = schema;
      return `<h3 id="schema-${name}">${name}</h3>${prose(typeof description === "string" ? description : undefined)}${schemaBlock(rest)}`;
    })
    .join("");

  // A shared answer's status is the one the operations give it.
  const statuses = new Map<string, string>();
  for (const methods of Object.values(doc.paths)) {
    for (const op of Object.values(methods)) {
      for (const [status, item] of Object.entries(op.responses)) if ("$ref" in item) statuses.set(item.$ref.split("/").pop()!, status);
    }
  }
  const errorAnswers = Object.entries(doc.components.responses)
    .map(([name, response]) => `<h3 id="response-${name}">${statusText(statuses.get(name) ?? "")} (${name})</h3>${answerBody(response)}`)
    .join("");

  const title = `${doc.info.title} reference`;
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>` +
    `<a class="skip" href="#main">Skip to the reference</a>` +
    `<header><h1>${escapeHtml(title)}</h1><p>OpenAPI ${escapeHtml(doc.openapi)}, version ${escapeHtml(doc.info.version)}. ` +
    `The same description as JSON: <a href="/api/openapi.json">/api/openapi.json</a>. Server: <code>${escapeHtml(doc.servers[0]?.url ?? "")}</code>.</p></header>` +
    `<nav aria-labelledby="contents"><h2 id="contents">Contents</h2><ol><li><a href="#overview">Overview</a></li>${contents}` +
    `<li><a href="#errors">Error answers</a></li><li><a href="#schemas">Schemas</a></li></ol></nav>` +
    `<main id="main"><section aria-labelledby="overview"><h2 id="overview">Overview</h2>${prose(doc.info.description)}</section>` +
    `${sections}<section aria-labelledby="errors"><h2 id="errors">Error answers</h2>${errorAnswers}</section>` +
    `<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas}</section></main></body></html>`
  );
}
