import { z } from "zod";
import { LEGAL_KINDS } from "../legal";
import { TRANSLATION_LANGUAGES } from "../languages";
import { STRUCTURED_FIELDS, TRANSLATABLE, TRANSLATABLE_KINDS, type TranslatableKind } from "../translatable";
import { CONTENT_MESSAGES } from "./content";
import { recordId } from "./fields";
import { SERVICE_MESSAGES, serviceSections } from "./services";
import { TEAM_MESSAGES } from "./team";

/**
 * Staff's translations of the site's records (issue 27; src/server/services/translations.ts): which
 * record and language, the translated fields, and the translation's own status. Shared by the
 * procedures and the portal's Translations screen, so a field's rule and message are written once.
 */

export const TRANSLATION_STATUSES = ["published", "draft"] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** A record's translation in one language, as the list shows it. */
export const TRANSLATION_STATES = ["missing", "draft", "published"] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

export const TRANSLATION_MESSAGES = {
  kind: "Kind must be service, news, team, content or image",
  language: "Language must be es or zh",
  status: "Status must be published or draft",
  fields: "Fields must be an object of the record's translatable fields",
  empty: "Translate at least one field before saving",
  notTranslatable: (field: string, kind: TranslatableKind) =>
    `${field} is not a field of a ${TRANSLATABLE[kind].label.toLowerCase()}'s translation`,
  text: "Must be text",
  sections: "Sections must be a list",
  sectionsShape: "The sections must follow the English ones: the same sections, in the same order, with the same number of items",
  notFound: "Translation not found",
} as const;

/**
 * What publishing a translation needs: each field the English form requires, when the English has it,
 * is filled in the translation too (a draft may be incomplete). The messages are the English forms'.
 * Optional fields (a news article's meta title, an image's alt text) may stay blank: the site shows
 * the English one there.
 */
export const REQUIRED_TO_PUBLISH: { [K in TranslatableKind]: Partial<Record<(typeof TRANSLATABLE)[K]["fields"][number], string>> } = {
  service: {
    title: SERVICE_MESSAGES.title,
    shortDescription: SERVICE_MESSAGES.shortDescription,
    description: SERVICE_MESSAGES.description,
    imageAlt: SERVICE_MESSAGES.imageAlt,
    sections: "Page sections are required",
  },
  // The English form asks for 3 and 10 characters; a Chinese title may rightly be shorter.
  news: { title: "Title is required", summary: "Summary is required", content: "Content is required" },
  team: { role: TEAM_MESSAGES.role, bio: TEAM_MESSAGES.bio },
  content: { content: CONTENT_MESSAGES.content },
  image: {},
  testimonial: { content: "Content is required" },
};

/** A field's limit: at most `max` characters, with the English form's message ("Title must be 255 characters or less"). */
const atMost = (name: string, max: number) => ({ max, message: `${name} must be ${max} characters or less` });

/** The longest text each field takes: the English column's limit, with the English form's message. */
const LIMITS: { [K in TranslatableKind]: Partial<Record<(typeof TRANSLATABLE)[K]["fields"][number], { max: number; message: string }>> } = {
  service: { title: atMost("Title", 255), shortDescription: atMost("Short description", 500), imageAlt: atMost("Image alt text", 255) },
  news: { title: atMost("Title", 255), thumbnailAlt: atMost("Thumbnail alt text", 255), metaTitle: atMost("Meta title", 255) },
  team: { role: atMost("Role", 255), bio: atMost("Bio", 5000) },
  content: { content: atMost("Content", 20000) },
  image: { altText: atMost("Alt text", 255) },
  testimonial: {
    content: atMost("Content", 5000),
    service: atMost("Service", 255),
    incentive: atMost("What was given in return", 255),
  },
};

const translationKind = z.enum(TRANSLATABLE_KINDS, { error: TRANSLATION_MESSAGES.kind });
const translationLanguage = z.enum(TRANSLATION_LANGUAGES, { error: TRANSLATION_MESSAGES.language });

/** One record's translation in one language. */
export const translationKey = z.object({ kind: translationKind, recordId, language: translationLanguage });

/** A translated field: text (trimmed; blank is ""), or a service's sections (checked by the server against the English ones). */
export type TranslatedValue = string | Array<Record<string, unknown>>;
export type TranslatedFields = Record<string, TranslatedValue>;

/**
 * Saving a translation: its fields (only the kind's translatable ones, TRANSLATABLE in
 * src/shared/translatable.ts) and its status. Texts are trimmed and kept within the English column's
 * length; a field left out is saved blank. What depends on the English record (publishing needs its
 * required fields; sections keep its structure) and the cleaning of HTML are the server's.
 */
const translationStatus = z
  .enum(TRANSLATION_STATUSES, { error: TRANSLATION_MESSAGES.status })
  .default("draft")
  .describe("published (shown on the site) or draft (kept for later); draft by default");

export const translationSaveInput = translationKey
  .extend({
    status: translationStatus,
    fields: z
      .record(z.string(), z.unknown(), { error: TRANSLATION_MESSAGES.fields })
      .describe(
        "The translated fields by name (each kind's own: translationFieldsOf): texts, and a service's `sections` as a " +
          "list of the English sections' kinds with their texts translated",
      ),
  })
  .transform((input, ctx) => {
    const fields: TranslatedFields = {};
    const allowed = TRANSLATABLE[input.kind].fields as readonly string[];
    for (const [field, value] of Object.entries(input.fields)) {
      if (!allowed.includes(field)) {
        ctx.issues.push({
          code: "custom",
          path: ["fields", field],
          message: TRANSLATION_MESSAGES.notTranslatable(field, input.kind),
          input: value,
        });
        continue;
      }
      if (STRUCTURED_FIELDS.has(field)) {
        if (!Array.isArray(value) || !value.every((item) => item !== null && typeof item === "object" && !Array.isArray(item))) {
          ctx.issues.push({ code: "custom", path: ["fields", field], message: TRANSLATION_MESSAGES.sections, input: value });
        } else fields[field] = value as Array<Record<string, unknown>>;
        continue;
      }
      if (value === null) {
        fields[field] = "";
        continue;
      }
      if (typeof value !== "string") {
        ctx.issues.push({ code: "custom", path: ["fields", field], message: TRANSLATION_MESSAGES.text, input: value });
        continue;
      }
      const text = value.trim();
      const limit = (LIMITS[input.kind] as Record<string, { max: number; message: string } | undefined>)[field];
      if (limit && text.length > limit.max)
        ctx.issues.push({ code: "custom", path: ["fields", field], message: limit.message, input: value });
      else fields[field] = text;
    }
    for (const field of allowed) fields[field] ??= STRUCTURED_FIELDS.has(field) ? [] : "";
    const anything = Object.values(fields).some((value) => (typeof value === "string" ? value !== "" : value.length > 0));
    if (!anything && ctx.issues.length === 0)
      ctx.issues.push({ code: "custom", path: ["fields"], message: TRANSLATION_MESSAGES.empty, input: input.fields });
    return { ...input, fields };
  });
export type TranslationSaveInput = z.output<typeof translationSaveInput>;

// ---------------------------------------------------------------- each kind's fields, for outside tools

/** How the OpenAPI document names a kind's schemas: ServiceTranslationFields, NewsTranslation... */
const schemaName = (kind: TranslatableKind) => kind[0]!.toUpperCase() + kind.slice(1);

/** One schema per kind, made once (a schema's id names one schema: zod's registry refuses a second). */
function perKind<T>(make: (kind: TranslatableKind) => T): (kind: TranslatableKind) => T {
  const made = new Map<TranslatableKind, T>();
  return (kind) => {
    if (!made.has(kind)) made.set(kind, make(kind));
    return made.get(kind)!;
  };
}

/** The structured fields' own schemas (STRUCTURED_FIELDS): a service's sections, as the English ones are written. */
const STRUCTURED_SCHEMAS: Record<string, z.ZodType> = {
  sections: serviceSections.describe("The English sections, the same kinds in the same order and as many items, their texts translated"),
};

/**
 * The fields a translation of `kind` takes, by name and type, made from TRANSLATABLE (the one list of
 * what each kind translates) with each text's limit: what the REST mirror's document says a tool may
 * send for that kind (translationSaveInput checks them all at once, by the kind in the path). Only
 * these: any other field is a 400.
 */
export const translationFieldsOf = perKind((kind) => {
  const limits = LIMITS[kind] as Record<string, { max: number } | undefined>;
  const required = REQUIRED_TO_PUBLISH[kind] as Record<string, string | undefined>;
  const shape = Object.fromEntries(
    TRANSLATABLE[kind].fields.map((field): [string, z.ZodType] => {
      const needed = required[field] ? " Needed to publish, when the English has it." : "";
      if (STRUCTURED_FIELDS.has(field))
        return [field, (STRUCTURED_SCHEMAS[field] ?? z.array(z.record(z.string(), z.unknown()))).optional()];
      const limit = limits[field];
      const text = limit ? z.string().max(limit.max) : z.string();
      return [
        field,
        text.nullable().optional().describe(`The ${field} in the translation's language (blank or left out: the English shows).${needed}`),
      ];
    }),
  );
  return z.strictObject(shape).meta({
    id: `${schemaName(kind)}TranslationFields`,
    description: `The fields of a ${TRANSLATABLE[kind].label.toLowerCase()}'s translation: ${TRANSLATABLE[kind].fields.join(", ")}.`,
  });
});

/** A translation's save as a tool sends it for `kind` (the kind, record and language are the path's). */
export const translationSaveBodyOf = perKind((kind) => z.object({ status: translationStatus, fields: translationFieldsOf(kind) }));

// ---------------------------------------------------------------- answers

const stateOf = z.object({
  state: z.enum(TRANSLATION_STATES),
  /** The English translatable fields changed since the translation was saved. */
  needsUpdate: z.boolean(),
  updatedAt: z.date().nullable(),
});
const byLanguage = <T extends z.ZodType>(schema: T) => z.object({ es: schema, zh: schema });

const legalStateOf = z.object({
  state: z.enum(["missing", "published"]),
  /** The English has a newer version than the one this language's newest version translates. */
  needsUpdate: z.boolean(),
  /** Its newest version in this language, and the English version that one translates. */
  version: z.number().int().nullable(),
  sourceVersion: z.number().int().nullable(),
});

export const translationsListAnswer = z
  .object({
    /** Every record the caller may edit (their role's kinds), each with its state per language. */
    records: z.array(
      z.object({
        kind: translationKind,
        recordId: z.number().int(),
        /** How staff name it: a service's or article's title, a team member's name, where a text or image appears. */
        label: z.string(),
        languages: byLanguage(stateOf),
      }),
    ),
    /** The legal texts (for those who may publish them): their translations are versions of their own. */
    legal: z.array(
      z.object({
        kind: z.enum(LEGAL_KINDS),
        title: z.string(),
        englishVersion: z.number().int().nullable(),
        languages: byLanguage(legalStateOf),
      }),
    ),
  })
  .meta({ id: "TranslationsList" });

const translatedValue = z.union([z.string(), z.array(z.record(z.string(), z.unknown()))]);
const translatedFields = z.record(z.string(), translatedValue);

export const translationAnswer = z
  .object({
    kind: translationKind,
    recordId: z.number().int(),
    language: translationLanguage,
    label: z.string(),
    /** The English fields now. */
    english: translatedFields,
    /** Fields holding HTML (a news body, an html content item): cleaned like every staff HTML. */
    htmlFields: z.array(z.string()),
    /** Fields publishing needs (required in English, and filled there). */
    requiredFields: z.array(z.string()),
    /** The translation, or null when there is none yet. */
    translation: z
      .object({
        fields: translatedFields,
        status: z.enum(TRANSLATION_STATUSES),
        updatedAt: z.date(),
        /** Who saved it (null: seeded with the site). */
        updatedByName: z.string().nullable(),
      })
      .nullable(),
    needsUpdate: z.boolean(),
    /** Each English field changed since the translation was saved: its English then and now. */
    changes: z.array(z.object({ field: z.string(), before: translatedValue, after: translatedValue })),
  })
  .meta({ id: "Translation" });

/** The fields of `kind` as an answer carries them (the English now, the translation): text, or a service's sections. */
const answeredFieldsOf = perKind((kind) =>
  z
    .object(
      Object.fromEntries(
        TRANSLATABLE[kind].fields.map((field) => [
          field,
          (STRUCTURED_FIELDS.has(field) ? z.array(z.record(z.string(), z.unknown())) : z.string()).optional(),
        ]),
      ),
    )
    .meta({
      id: `${schemaName(kind)}TranslatedFields`,
      description: `The fields of a ${TRANSLATABLE[kind].label.toLowerCase()} that translate, as they are now.`,
    }),
);

/** translationAnswer with `english` and the translation's `fields` named for `kind` (the document's answer of its doors). */
export const translationAnswerOf = perKind((kind) => {
  const fields = answeredFieldsOf(kind);
  return translationAnswer
    .extend({
      kind: z.literal(kind),
      english: fields,
      translation: translationAnswer.shape.translation.unwrap().extend({ fields }).nullable(),
    })
    .meta({ id: `${schemaName(kind)}Translation` });
});

export type TranslationAnswer = z.output<typeof translationAnswer>;
export type TranslationsListAnswer = z.output<typeof translationsListAnswer>;
