import { useMutation, useQuery } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { MAX_TRPC_BATCH } from "../../shared/trpc-batching";
import { transformer } from "../../shared/transformer";
import type { AppRouter } from "../../server/routers";

/**
 * The public pages' data layer: the typed vanilla tRPC client with TanStack Query. Each read is a
 * descriptor (cache key and a typed call) that the browser runs through /trpc and the server runs
 * in-process before rendering, so the page hydrates from the same cache entries.
 * (Lighter than @trpc/react-query, which the admin portal uses: the public pages have a 120 KB budget.)
 */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The typed tRPC client: over HTTP in the browser, in-process on the server (src/server/ssr/render.tsx). */
export type PublicClient = ReturnType<typeof createTRPCClient<AppRouter>>;

export interface PublicQuery<TOutput> {
  /** [procedure path, input]: the cache key the server fills and the browser hydrates. */
  queryKey: readonly [string, unknown];
  /** Runs the read through whichever client the side has. */
  run: (api: PublicClient) => Promise<TOutput>;
}

function publicQuery<TOutput>(path: string, input: unknown, run: (api: PublicClient) => Promise<TOutput>): PublicQuery<TOutput> {
  return { queryKey: [path, input ?? null], run };
}

/** Every read the public pages make, typed from the router. */
export const publicQueries = {
  content: (input: RouterInputs["content"]["get"]) => publicQuery("content.get", input, (api) => api.content.get.query(input)),
  images: (input: RouterInputs["images"]["list"]) => publicQuery("images.list", input, (api) => api.images.list.query(input)),
  socialLinks: () => publicQuery("socialMedia.list", null, (api) => api.socialMedia.list.query()),
  services: () => publicQuery("services.list", null, (api) => api.services.list.query()),
  service: (slug: string) => publicQuery("services.bySlug", { slug }, (api) => api.services.bySlug.query({ slug })),
  testimonials: () => publicQuery("testimonials.list", null, (api) => api.testimonials.list.query()),
  team: () => publicQuery("team.list", null, (api) => api.team.list.query()),
  news: () => publicQuery("news.list", null, (api) => api.news.list.query()),
  /** One page of the published articles, newest first, with the total (the News page; related articles). */
  newsPage: (page: number, pageSize: number) =>
    publicQuery("news.page", { page, pageSize }, (api) => api.news.page.query({ page, pageSize })),
  article: (slug: string) => publicQuery("news.bySlug", { slug }, (api) => api.news.bySlug.query({ slug })),
};

let client: PublicClient | null = null;

/** The browser's tRPC client (batched GETs to /trpc). */
export function apiClient() {
  client ??= createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/trpc", transformer, maxURLLength: 4000, maxItems: MAX_TRPC_BATCH })] });
  return client;
}

/** A read as TanStack Query runs it in the browser (through /trpc). */
export function browserQuery<T>(query: PublicQuery<T>) {
  return { queryKey: query.queryKey, queryFn: () => query.run(apiClient()) };
}

export function usePublicQuery<T>(query: PublicQuery<T>) {
  return useQuery<T, Error>(browserQuery(query));
}

/** The appointment inquiry (POST through tRPC: contact.submit). */
export function useContactSubmit() {
  return useMutation({
    mutationFn: (input: RouterInputs["contact"]["submit"]) => apiClient().contact.submit.mutate(input),
  });
}

/** A fresh inquiry-form token (when the contact page was not the one the server sent). */
export async function fetchFormToken(): Promise<string> {
  return (await apiClient().contact.formToken.query()).formToken;
}

/** The HTTP status of a failed read (the tRPC client error carries it). */
export function errorStatus(error: unknown): number {
  const data = (error as { data?: { httpStatus?: number } } | null)?.data;
  return data?.httpStatus ?? 500;
}
