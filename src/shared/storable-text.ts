/**
 * Text the database can store, as one rule for every text value of every input (the server applies it
 * to whole inputs before any procedure runs: src/server/trpc.ts). PostgreSQL text cannot hold a NUL
 * character, and an unpaired UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD
 * instead, silently changing what was sent). Both are refused with a 400 that names the field.
 * Nesting is bounded too, and the walk is iterative, so no input can exhaust the stack.
 */
export const INPUT_MESSAGES = {
  unstorableText:
    "This text contains a character that cannot be saved (a NUL character or a broken Unicode sequence). Please remove it and try again.",
  tooDeep: "The input is nested too deeply",
  notAnObject: "The input must be an object of named fields",
} as const;

export const MAX_INPUT_DEPTH = 32;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finds the NUL character PostgreSQL text cannot store, to refuse it
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

export interface InputProblem {
  path: Array<string | number>;
  message: string;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The first problem found in a procedure's input, or null: an input is absent, a plain object or
 * FormData (never a bare value, an array or a date), and no text in it, at any depth, is unstorable.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const isForm = typeof FormData !== "undefined" && input instanceof FormData;
  if (input !== undefined && !isForm && (input === null || typeof input !== "object" || !isPlainObject(input))) {
    return { path: [], message: INPUT_MESSAGES.notAnObject };
  }
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (!isStorableText(value)) return { path, message: INPUT_MESSAGES.unstorableText };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const children: Array<[string | number, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [index, item] as [number, unknown])
      : typeof FormData !== "undefined" && value instanceof FormData
        ? [...value.entries()]
        : isPlainObject(value)
          ? Object.entries(value)
          : [];
    if (children.length === 0) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, message: INPUT_MESSAGES.tooDeep };
    for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i]![1], path: [...path, children[i]![0]] });
  }
  return null;
}
