import type { TranslatableKind } from "../../shared/translatable";
import { C } from "./text-content";

/**
 * The Translations screen's words (issue 27), and the Legal Texts screen's language choice. Staff
 * translate the English into Spanish and Chinese; these are the portal's own words, in English like
 * the rest of the portal.
 */
export const TR = {
  subtitle:
    "Spanish and Chinese versions of the website's texts, side by side with the English. A published translation " +
    "shows on the Spanish or Chinese pages at once; anything not translated shows in English there. When " +
    "the English changes, its translations are marked Needs update.",
  languages: { en: "English", es: "Español", zh: "中文" } as const,
  /** The language's name in English words, for labels read by staff ("Spanish translation"). */
  languageNames: { es: "Spanish", zh: "Chinese" } as const,
  kinds: {
    service: "Service",
    news: "News article",
    team: "Team member",
    content: "Website text",
    image: "Website image",
    testimonial: "Testimonial",
  } satisfies Record<TranslatableKind, string>,
  states: { published: "Published", draft: "Draft", missing: "Not translated", needsUpdate: "Needs update" },
  filters: {
    name: "translation-filters",
    language: "Language",
    languagePlaceholder: "Both languages",
    kind: "Kind",
    kindPlaceholder: "All kinds",
    state: "State",
    statePlaceholder: "Any state",
    search: "Search",
    searchPlaceholder: "Search by name",
    clear: "Clear filters",
  },
  columns: { name: "Name", kind: "Kind" },
  count: (shown: number, total: number) =>
    shown === total ? `${total} ${total === 1 ? "record" : "records"}` : `Showing ${shown} of ${total} records`,
  empty: "Nothing to translate that your role may edit.",
  noMatch: "No records match these filters.",
  loadFailed: "Failed to load the translations",
  translate: (language: string) => `Translate into ${language}`,
  translateLabel: (name: string, language: string) => `Translate "${name}" into ${language}`,
  /** The Translate button where a record is edited (components/TranslateButton.tsx), and its menu. */
  translateButton: "Translate",
  translateRecord: (name: string) => `Translate "${name}"`,
  translateInto: (language: string, ownName: string) => `Into ${language} (${ownName})`,
  legal: {
    title: "Legal texts",
    intro:
      "The Privacy Policy, the Terms and Conditions and the HIPAA authorization are translated as versions " +
      "of their own, on the Legal Texts screen.",
    version: (n: number) => `Version ${n}`,
    translates: (n: number | null) => (n === null ? "" : `translates English version ${n}`),
    open: "Open Legal Texts",
    openLabel: (title: string, language: string) => `Open the ${language} ${title} on the Legal Texts screen`,
  },

  // ---- the editor
  editor: {
    back: "Back to Translations",
    subtitle: (kind: string, name: string, language: string) =>
      `${kind} “${name}” into ${language}. The English is on the left; write the translation on the right.`,
    otherLanguage: "Language",
    english: "English",
    translation: (language: string) => language,
    englishOf: (field: string) => `${field} (English)`,
    translationOf: (field: string, language: string) => `${field} (${language})`,
    emptyEnglish: "(empty in English)",
    requiredToPublish: "Needed to publish",
    optional: "Optional: left blank, the site shows the English here.",
    status: "Status",
    statuses: { published: "Published", draft: "Draft" },
    statusHelp: "Published shows it on the site at once. A draft is kept here until you publish it, and may be incomplete.",
    noPublish: "Publishing an article needs the Publish permission: save it as a draft and ask someone who may publish.",
    save: "Save translation",
    saved: (language: string) => [`${language} translation saved`, "The site shows the published translation at once."] as const,
    savedDraft: (language: string) =>
      [`${language} translation saved as a draft`, "It is not shown on the site until it is published."] as const,
    saveFailed: "The translation was not saved",
    delete: "Delete translation",
    deleteTitle: (language: string) => `Delete the ${language} translation?`,
    deleteText: "The site shows the English text here again. This cannot be undone.",
    deleted: (language: string) => `${language} translation deleted`,
    deleteFailed: "The translation was not deleted",
    lastSaved: (who: string | null, when: string) =>
      who ? `Last saved by ${who} on ${when}` : `Provided with the site; unchanged since ${when}`,
    notYet: "Not translated yet.",
    loadFailed: "Failed to load the translation",
    notFound: "This translation page does not exist.",
    changedTitle: "The English changed since this was translated",
    changedIntro:
      "Check these fields and update the translation; saving it marks it up to date. Words added to the English " +
      "are underlined on green, words removed are struck through on red.",
    added: "added: ",
    removed: "removed: ",
    sections: "Page sections",
    sectionsIntro: "Each section of the English page, with its texts to translate. The order and the number of items follow the English.",
    sectionLabel: (n: number, kind: string) => `Section ${n}: ${kind}`,
    item: (n: number) => `Item ${n}`,
    noSections: "The English page has no sections.",
  },
  /** Field names as the English forms show them. */
  fields: {
    title: "Title",
    shortDescription: "Short description",
    description: "Full description",
    imageAlt: "Image alt text",
    sections: "Page sections",
    summary: "Summary",
    content: "Content",
    thumbnailAlt: "Thumbnail alt text",
    metaTitle: "Meta title",
    metaDescription: "Meta description",
    role: "Role",
    bio: "Bio",
    altText: "Alt text",
    service: "Service",
    incentive: "Given in return",
  } as Record<string, string>,
  /** The translatable texts of a service's sections. */
  sectionFields: {
    eyebrow: "Line above the title",
    title: "Title",
    text: "Text",
    button: "Button label",
    itemTitle: "Title",
    itemText: "Text",
    condition: "Condition",
    question: "Question",
    answer: "Answer",
  },
  /** A section's kind, as the service editor names it. */
  sectionKinds: C.serviceEditor.sections.kinds as Record<string, string>,

  // ---- the Legal Texts screen's language choice
  legalScreen: {
    language: "Language",
    languageLabel: "Language of the legal texts",
    translations: "Translations",
    noVersion: (language: string) =>
      `No ${language} version yet: the site shows the English text to ${language} visitors. Start from the ` +
      `English below and publish the translation.`,
    needsUpdate: (englishVersion: number, sourceVersion: number | null) =>
      `The English is at version ${englishVersion}, and this translation ${sourceVersion === null ? "names no English version" : `translates version ${sourceVersion}`}. Update it and publish a new version.`,
    upToDate: (sourceVersion: number) => `Translates English version ${sourceVersion}, the one in force.`,
    englishText: (label: string) => `The English text in force (${label})`,
    firstVersion: (language: string) => `First ${language} version`,
  },
};
