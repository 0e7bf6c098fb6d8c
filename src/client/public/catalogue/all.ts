import type { LanguageCode } from "../../../shared/languages";
import { EN, type Catalogue } from "./en";
import { ES } from "./es";
import { ZH } from "./zh";

/** Every language's catalogue, for the server (which renders pages in all three). A browser loads only its page's (i18n.ts). */
export const CATALOGUES: Record<LanguageCode, Catalogue> = { en: EN, es: ES, zh: ZH };
