import type { Words } from "../parts";

/** The legal words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  // The line over an English legal text shown while its translation is updated: legal pages and dialogs (issue 36).
  L: {
    legalTranslationUpdating:
      "The translation of this text into the page's language is being updated. Until it is published, the English version below is the one that applies.",
  },
  TS: {
    legalDescription: {
      privacy: "How we use and protect your health information, and your rights (Notice of Privacy Practices).",
      terms: "The terms of using our website and its inquiry form.",
      hipaa: "What you authorize when you send health details with an inquiry.",
    },
  },
} satisfies Words;
