import type { FormInstance, FormRule } from "antd";
import type { ZodObject, ZodType } from "zod";
import { fieldErrors } from "./feedback";

/**
 * antd form rules from the shared zod schemas: the same rules and messages as the server's procedures.
 * `zodRule(schema, "title")` validates one field with its schema (and its transformations, e.g. trim).
 */
export function zodRule(schema: ZodObject, field: string): FormRule {
  const fieldSchema = schema.shape[field] as ZodType | undefined;
  return {
    validator: async (_rule, value) => {
      if (!fieldSchema) return;
      const result = fieldSchema.safeParse(value === undefined ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid input");
    },
  };
}

/**
 * A Form.Item's `name` and `rules` from the shared schema, the field named once:
 * `<Form.Item {...fieldOf(newsArticleFields, "title")} label={T.title} required>`.
 */
export function fieldOf<S extends ZodObject>(schema: S, name: Extract<keyof S["shape"], string>): { name: string; rules: FormRule[] } {
  return { name, rules: [zodRule(schema, name)] };
}

/**
 * Shows the server's field messages (a 400's, or a 409 duplicate's) at their fields; returns true when
 * there were any. A nested field is named by its path (`hours.monday.closes`); `prefix` is the part of
 * the path above the form (the settings section a form edits: `clinic.`).
 */
export function applyServerFieldErrors(form: FormInstance, error: unknown, prefix?: string): boolean {
  const fields = Object.entries(fieldErrors(error)).map(([name, errors]) => ({
    name: (prefix && name.startsWith(`${prefix}.`) ? name.slice(prefix.length + 1) : name).split("."),
    errors,
  }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}

/** A FormData of the non-empty values (the spec's multipart payloads), plus optional files. */
export function toFormData(values: Record<string, unknown>, files: Record<string, File | null | undefined> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Date) form.set(key, value.toISOString());
    else form.set(key, String(value));
  }
  for (const [key, file] of Object.entries(files)) if (file) form.set(key, file);
  return form;
}
