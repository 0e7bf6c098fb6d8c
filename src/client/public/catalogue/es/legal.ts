import type { Words } from "../parts";

/** The legal words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  // The line over an English legal text shown while its translation is updated: legal pages and dialogs (issue 36).
  L: {
    legalTranslationUpdating:
      "La traducción al español de este texto se está actualizando. Hasta que se publique, rige la versión en inglés que se muestra a continuación.",
  },
  TS: {
    legalDescription: {
      privacy: "Cómo usamos y protegemos su información médica, y cuáles son sus derechos (Aviso de Prácticas de Privacidad).",
      terms: "Los términos de uso de nuestro sitio web y de su formulario de solicitud.",
      hipaa: "Lo que usted autoriza cuando envía datos de salud con una solicitud.",
    },
  },
} satisfies Words;
