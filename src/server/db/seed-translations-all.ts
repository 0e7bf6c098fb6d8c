import type { TranslationLanguage } from "../../shared/languages";
import type { SeedTranslations } from "./seed-translations";
import { SEED_TRANSLATIONS_ES } from "./seed-translations-es";
import { SEED_TRANSLATIONS_ZH } from "./seed-translations-zh";

/** The seeded site's translations, by language (seed-translations.ts says what each holds). */
export const SEED_TRANSLATIONS: Record<TranslationLanguage, SeedTranslations> = { es: SEED_TRANSLATIONS_ES, zh: SEED_TRANSLATIONS_ZH };
