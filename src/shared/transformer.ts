/**
 * The tRPC wire transformer (and the format of server-rendered page data): plain JSON, except that a
 * Date travels as {"$date": ISO string} and an Error as {"$error": message}, so dates stay dates in the
 * browser. A few lines instead of superjson, which the public pages' 120 KB budget cannot afford.
 */
import { INPUT_MESSAGES, MAX_INPUT_DEPTH } from "./storable-text";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function encode(value: unknown): Json {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof Error) return { $error: value.message };
  if (Array.isArray(value)) return value.map(encode);
  if (isPlainObject(value)) {
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = encode(item);
    return out;
  }
  return value as Json;
}

/** Decodes what `encode` made. Nesting is bounded (MAX_INPUT_DEPTH), so no input can exhaust the stack. */
export function decode(value: unknown, depth = 0): unknown {
  if (depth > MAX_INPUT_DEPTH) throw new Error(INPUT_MESSAGES.tooDeep);
  if (Array.isArray(value)) return value.map((item) => decode(item, depth + 1));
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && typeof value.$date === "string") return new Date(value.$date);
    if (keys.length === 1 && typeof value.$error === "string") return new Error(value.$error);
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = decode(value[key], depth + 1);
    return out;
  }
  return value;
}

export const transformer = { serialize: encode, deserialize: (value: unknown) => decode(value) };

/** JSON text safe to embed in an HTML <script> element. */
export function stringifyForHtml(value: unknown): string {
  return JSON.stringify(encode(value)).replace(/</g, "\\u003c");
}
