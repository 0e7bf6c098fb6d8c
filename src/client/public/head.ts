/**
 * The page's <head> tags that depend on the page (its title, description, canonical address, share tags;
 * a hero picture's preload). The public site renders with Preact (decisions/0070), which renders the
 * page's body, not the document: the server writes these tags into <head> from the same render
 * (`collectHead`), and on a navigation in the browser `applyHeadTags` puts the new page's in place of
 * the last one's. They are plain descriptions, so both sides write the same tags.
 */
export interface HeadTag {
  tag: "title" | "meta" | "link";
  /** Attribute names as the page writes them (hrefLang, as React wrote it: HTML reads names in any case). */
  attrs: Record<string, string>;
  /** A <title>'s text. */
  text?: string;
}

/** What a server render asked for in <head>, in the order it asked. */
interface Collected {
  page: HeadTag[];
  preloads: HeadTag[];
}
let collecting: Collected | null = null;

/**
 * Runs a server render (synchronous, so no other page's render comes in between) and returns what it
 * asked for in <head> as HTML: the preloads first (the browser starts on them early), then the page's tags.
 */
export function collectHead<T>(render: () => T): { result: T; head: string } {
  const previous = collecting;
  const collected: Collected = { page: [], preloads: [] };
  collecting = collected;
  try {
    const result = render();
    return { result, head: [...collected.preloads, ...collected.page].map(headTagHtml).join("") };
  } finally {
    collecting = previous;
  }
}

/** Whether this render is the server's (its head is being collected). */
export function renderingOnServer(): boolean {
  return collecting !== null;
}

/**
 * A picture the page shows first, preloaded from <head> so the browser fetches it before it reads the
 * body. Written by the server only: in the browser the picture is already in the page being rendered.
 */
export function preloadImage(srcSet: string, sizes: string | undefined): void {
  if (!collecting) return;
  if (collecting.preloads.some((tag) => tag.attrs.imagesrcset === srcSet)) return;
  collecting.preloads.push({
    tag: "link",
    attrs: {
      rel: "preload",
      as: "image",
      type: "image/webp",
      imagesrcset: srcSet,
      ...(sizes ? { imagesizes: sizes } : {}),
      fetchpriority: "high",
    },
  });
}

/** The last tags put in place in the browser (a JSON string), so the same tags are not written twice. */
let applied: string | null = null;

/**
 * The page's tags: on the server, into the head being collected; in the browser, in place of the
 * previous page's (the first call is the hydrated page's own, which the server already wrote).
 */
export function setPageHead(tags: HeadTag[]): void {
  if (collecting) {
    collecting.page = tags;
    return;
  }
  const key = JSON.stringify(tags);
  if (applied === key) return;
  const first = applied === null;
  applied = key;
  if (first) return;
  const head = document.head;
  for (const old of head.querySelectorAll(PAGE_TAGS)) old.remove();
  for (const { tag, attrs, text } of tags) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    head.append(element);
  }
}

/** The tags setPageHead writes (none of the document's fixed ones, the assets or the brand's). */
const PAGE_TAGS =
  'title, meta[name="description"], meta[name="robots"], meta[property^="og:"], meta[property^="article:"], meta[name^="twitter:"], link[rel="canonical"], link[rel="alternate"]';

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function headTagHtml({ tag, attrs, text }: HeadTag): string {
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
  return tag === "title" ? `<title${attributes}>${escapeHtml(text ?? "")}</title>` : `<${tag}${attributes}/>`;
}
