import { languageOf, type TranslationLanguage } from "../../../../shared/languages";
import type { TranslatableKind } from "../../../../shared/translatable";

/** The editor of a record's translation in a language (routes.tsx: /translations/:kind/:id/:language). */
export const editorPath = (kind: TranslatableKind, recordId: number, language: TranslationLanguage) =>
  `/translations/${kind}/${recordId}/${language}`;

/** The BCP 47 tag of a language's text, for lang attributes (screen readers, spelling). */
export const tagOf = (language: TranslationLanguage) => languageOf(language).tag;
