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

/** Shows the server's field messages (a 400's, or a 409 duplicate's) at their fields; returns true when there were any. */
export function applyServerFieldErrors(form: FormInstance, error: unknown): boolean {
  const fields = Object.entries(fieldErrors(error)).map(([name, errors]) => ({ name, errors }));
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
