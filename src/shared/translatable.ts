import type { Permission } from "./permissions";

/**
 * What staff translate (issue 27): each kind of record, its table's fields that carry words, and how
 * the Translations screen names it. English is the source; a translation is kept per record and
 * language (translations table, src/server/services/translations.ts). Legal texts are translated as
 * versions of their own (src/server/services/legal-texts.ts). Testimonials stay in the patient's words:
 * one written in English may have a translation, which the pages label as one; one written in another
 * language is shown as written, marked as such.
 */
export const TRANSLATABLE = {
  service: { label: "Service", fields: ["title", "shortDescription", "description", "imageAlt", "sections"], permission: "services.edit" },
  news: {
    label: "News article",
    fields: ["title", "summary", "content", "thumbnailAlt", "metaTitle", "metaDescription"],
    permission: "news.edit",
    publishes: true,
  },
  team: { label: "Team member", fields: ["role", "bio"], permission: "team.edit" },
  content: { label: "Website content", fields: ["content"], permission: "content.edit" },
  image: { label: "Website image", fields: ["altText"], permission: "content.edit" },
  testimonial: { label: "Testimonial", fields: ["content", "service", "incentive"], permission: "testimonials.edit", publishes: true },
} as const satisfies Record<string, { label: string; fields: readonly string[]; permission: Permission; publishes?: true }>;

/**
 * Kinds whose English record goes live only with the "publish" permission (an article's isPublished, a
 * testimonial's isVisible): publishing a translation of one needs it too (issue 34).
 */
export const translationNeedsPublish = (kind: TranslatableKind): boolean => "publishes" in TRANSLATABLE[kind];

export type TranslatableKind = keyof typeof TRANSLATABLE;
export const TRANSLATABLE_KINDS = Object.keys(TRANSLATABLE) as TranslatableKind[];

/** The fields of a kind that a translation holds. */
export const translatableFields = (kind: TranslatableKind): readonly string[] => TRANSLATABLE[kind].fields;

/** Translating a record is editing it: each kind needs its own edit permission (website images are website content's). */
export const TRANSLATION_PERMISSIONS = Object.fromEntries(Object.entries(TRANSLATABLE).map(([kind, info]) => [kind, info.permission])) as {
  [K in TranslatableKind]: (typeof TRANSLATABLE)[K]["permission"];
};
/** Who may translate anything: a role holding any one of these (the Translations screen). */
export const TRANSLATOR_PERMISSIONS: readonly Permission[] = [...new Set(Object.values(TRANSLATION_PERMISSIONS))];

/** Fields kept as structured values rather than text (a service's sections). */
export const STRUCTURED_FIELDS = new Set(["sections"]);
