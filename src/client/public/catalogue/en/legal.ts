import type { Words } from "../parts";

/** The legal words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  TS: {
    legalDescription: {
      privacy: "How we use and protect your health information, and your rights (Notice of Privacy Practices).",
      terms: "The terms of using our website and its inquiry form.",
      hipaa: "What you authorize when you send health details with an inquiry.",
    },
  },
} satisfies Words;
