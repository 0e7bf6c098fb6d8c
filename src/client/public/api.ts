import { useMutation, useQuery } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { MAX_TRPC_BATCH } from "../../shared/trpc-batching";
import { transformer } from "../../shared/transformer";
import type { AppRouter } from "../../server/routers";

/**
 * The public pages' data layer: the typed vanilla tRPC client with TanStack Query. Each read is a
 * descriptor (key, procedure path, input) that the browser runs through /trpc and the server runs
 * through createCaller before rendering, so the page hydrates from the same cache entries.
 * (Lighter than @trpc/react-query, which the admin portal uses: the public pages have a 120 KB budget.)
 */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export interface PublicQuery<TOutput> {
  queryKey: readonly [string, unknown];
  path: string;
  input: unknown;
  /** Type only: what the procedure answers. */
  readonly __output?: TOutput;
}

function publicQuery<TOutput>(path: string, input?: unknown): PublicQuery<TOutput> {
  return { queryKey: [path, input ?? null], path, input };
}

/** Every read the public pages make, typed from the router. */
export const publicQueries = {
  content: (input: RouterInputs["content"]["get"]) => publicQuery<RouterOutputs["content"]["get"]>("content.get", input),
  images: (input: RouterInputs["images"]["list"]) => publicQuery<RouterOutputs["images"]["list"]>("images.list", input),
  socialLinks: () => publicQuery<RouterOutputs["socialMedia"]["list"]>("socialMedia.list"),
  services: () => publicQuery<RouterOutputs["services"]["list"]>("services.list"),
  service: (slug: string) => publicQuery<RouterOutputs["services"]["bySlug"]>("services.bySlug", { slug }),
  testimonials: () => publicQuery<RouterOutputs["testimonials"]["list"]>("testimonials.list"),
  team: () => publicQuery<RouterOutputs["team"]["list"]>("team.list"),
  news: () => publicQuery<RouterOutputs["news"]["list"]>("news.list"),
  article: (slug: string) => publicQuery<RouterOutputs["news"]["bySlug"]>("news.bySlug", { slug }),
};

let client: ReturnType<typeof createTRPCClient<AppRouter>> | null = null;

/** The browser's tRPC client (batched GETs to /trpc). */
export function apiClient() {
  client ??= createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/trpc", transformer, maxURLLength: 4000, maxItems: MAX_TRPC_BATCH })] });
  return client;
}

/** Runs a descriptor in the browser, through /trpc. (The server runs the same path through createCaller.) */
export function fetchPublicQuery<T>(query: PublicQuery<T>): Promise<T> {
  const [namespace, name] = query.path.split(".") as [string, string];
  const procedures = apiClient() as unknown as Record<string, Record<string, { query: (input: unknown) => Promise<T> }>>;
  return procedures[namespace]![name]!.query(query.input);
}

export function usePublicQuery<T>(query: PublicQuery<T>) {
  return useQuery<T, Error>({ queryKey: query.queryKey, queryFn: () => fetchPublicQuery(query) });
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
