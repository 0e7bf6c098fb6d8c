import { MAX_TRPC_BATCH } from "../../shared/trpc-batching";
import { decode, encode } from "../../shared/transformer";
import type { RouterInputs, RouterOutputs } from "../lib/api-types";
import { pageLanguage } from "./i18n";

/**
 * The public pages' calls to the server: each read is a descriptor (procedure path and input, typed
 * with the procedure's output) that the browser sends to /trpc in tRPC's own wire format and the server
 * runs in-process before rendering (src/server/site/ssr/render.tsx), so the page hydrates from the same
 * entries (store.tsx holds them). A page that the server rendered needs almost nothing of a client data
 * layer: no TanStack Query and no tRPC client here (they cost about 17 KB gzip, and public pages have a
 * 90 KB budget); the admin portal keeps both.
 */
export type { RouterInputs, RouterOutputs } from "../lib/api-types";

export interface PublicQuery<TOutput> {
  /** [procedure path, input]: the entry's key, the same on the server and in the browser. */
  queryKey: readonly [string, unknown];
  /** Only carries the output type. */
  readonly output?: TOutput;
}

function publicQuery<TOutput>(path: string, input: unknown): PublicQuery<TOutput> {
  return { queryKey: [path, input ?? null] };
}

type Out = RouterOutputs;

/** The page's language, named in every read of words staff translate (issue 27: `lang`). */
const lang = () => pageLanguage().code;

/** Every read the public pages make, typed from the router; those of translated words in the page's language. */
export const publicQueries = {
  content: (input: { page: string; section?: string }) => publicQuery<Out["content"]["get"]>("content.get", { ...input, lang: lang() }),
  images: (input: { page: string; section?: string }) => publicQuery<Out["images"]["list"]>("images.list", { ...input, lang: lang() }),
  socialLinks: () => publicQuery<Out["socialMedia"]["list"]>("socialMedia.list", null),
  /** The clinic's details (Settings): name, address, phone, e-mail, hours, map position, social addresses. */
  clinic: () => publicQuery<Out["settings"]["clinic"]>("settings.clinic", null),
  /** The clinic's brand (Settings > Brand): logo, favicon sizes, accent colour; null where the site's own is used. */
  brand: () => publicQuery<Out["brand"]["site"]>("brand.site", null),
  services: () => publicQuery<Out["services"]["list"]>("services.list", { lang: lang() }),
  /** Every service's title and address in order, and the inquiry form's choices (every page: the footer). */
  serviceLinks: () => publicQuery<Out["services"]["links"]>("services.links", { lang: lang() }),
  service: (slug: string) => publicQuery<Out["services"]["bySlug"]>("services.bySlug", { slug, lang: lang() }),
  testimonials: () => publicQuery<Out["testimonials"]["list"]>("testimonials.list", { lang: lang() }),
  team: () => publicQuery<Out["team"]["list"]>("team.list", { lang: lang() }),
  news: () => publicQuery<Out["news"]["list"]>("news.list", { lang: lang() }),
  /** One page of the published articles, newest first, with the total (the News page; related articles). */
  newsPage: (page: number, pageSize: number) => publicQuery<Out["news"]["page"]>("news.page", { page, pageSize, lang: lang() }),
  article: (slug: string) => publicQuery<Out["news"]["bySlug"]>("news.bySlug", { slug, lang: lang() }),
  /** A legal text in force (its page; its dialog reads it when opened), in the page's language where it has one. */
  /** A bookable service's free times over local dates (the Book page); an error when the service is not bookable. */
  freeTimes: (service: string, from: string, to: string) =>
    publicQuery<Out["booking"]["freeTimes"]>("booking.freeTimes", { service, from, to, lang: lang() }),
  legal: (kind: RouterInputs["legal"]["current"]["kind"]) => publicQuery<Out["legal"]["current"]>("legal.current", { kind, lang: lang() }),
};

/** Runs a read: over HTTP in the browser (`browserRead`), in-process on the server. */
export type ReadRunner = (path: string, input: unknown) => Promise<unknown>;

/**
 * A failed call, shaped like tRPC's client error where the pages look: `data.httpStatus`, and for the
 * inquiry form the server's `data.fieldErrors`.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly data: { httpStatus: number; fieldErrors?: Record<string, string[]> },
  ) {
    super(message);
  }
}

/** The HTTP status of a failed call. */
export function errorStatus(error: unknown): number {
  const data = (error as { data?: { httpStatus?: number } } | null)?.data;
  return data?.httpStatus ?? 500;
}

/** One answer of tRPC's wire format: { result: { data } } or { error: { message, data: { httpStatus } } }. */
function settle(answer: unknown, status: number): unknown {
  const body = answer as { result?: { data?: unknown }; error?: unknown } | null;
  if (body && "result" in body) return decode(body.result?.data);
  const error = (body?.error ? decode(body.error) : null) as { message?: string; data?: ApiError["data"] } | null;
  throw new ApiError(error?.message ?? `HTTP ${status}`, {
    ...error?.data,
    httpStatus: error?.data?.httpStatus ?? (status >= 400 ? status : 500),
  });
}

interface QueuedRead {
  path: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

let queue: QueuedRead[] = [];

/**
 * The browser's reads: those asked for in the same turn travel together as one batched GET (tRPC's
 * `?batch=1` format, at most MAX_TRPC_BATCH per request, as the server allows), like tRPC's batch link.
 */
export const browserRead: ReadRunner = (path, input) =>
  new Promise((resolve, reject) => {
    queue.push({ path, input, resolve, reject });
    if (queue.length === 1) queueMicrotask(flushReads);
  });

function flushReads() {
  const reads = queue;
  queue = [];
  for (let start = 0; start < reads.length; start += MAX_TRPC_BATCH) void sendBatch(reads.slice(start, start + MAX_TRPC_BATCH));
}

async function sendBatch(reads: QueuedRead[]) {
  const inputs: Record<number, unknown> = {};
  reads.forEach((read, index) => {
    if (read.input !== null && read.input !== undefined) inputs[index] = encode(read.input);
  });
  const url = `/trpc/${reads.map((read) => read.path).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
  try {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    const answers: unknown = await response.json().catch(() => null);
    reads.forEach((read, index) => {
      try {
        read.resolve(settle(Array.isArray(answers) ? answers[index] : answers, response.status));
      } catch (error) {
        read.reject(error);
      }
    });
  } catch (error) {
    // No answer at all (offline): every read of the batch fails the same way.
    for (const read of reads) read.reject(new ApiError(error instanceof Error ? error.message : String(error), { httpStatus: 0 }));
  }
}

/** A change sent to the server: a POST in the batch format with one call, as tRPC's batch link sends it. */
async function mutate<TOutput>(path: string, input: unknown): Promise<TOutput> {
  const response = await fetch(`/trpc/${path}?batch=1`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ 0: encode(input) }),
  }).catch((error: unknown) => {
    throw new ApiError(error instanceof Error ? error.message : String(error), { httpStatus: 0 });
  });
  const answers: unknown = await response.json().catch(() => null);
  return settle(Array.isArray(answers) ? answers[0] : answers, response.status) as TOutput;
}

/** The appointment inquiry (contact.submit). */
export function submitInquiry(input: RouterInputs["contact"]["submit"]) {
  return mutate<RouterOutputs["contact"]["submit"]>("contact.submit", input);
}

/** A booked time (booking.book: the Book page's form sent with JavaScript; decision 0080). */
export function bookTime(input: RouterInputs["booking"]["book"]) {
  return mutate<RouterOutputs["booking"]["book"]>("booking.book", input);
}

/** A fresh inquiry-form token (when the contact page was not the one the server sent). */
export async function fetchFormToken(): Promise<string> {
  return ((await browserRead("contact.formToken", { lang: lang() })) as RouterOutputs["contact"]["formToken"]).formToken;
}
