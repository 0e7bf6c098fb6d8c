import type { Words } from "../parts";

/** The legal words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  // The line over an English legal text shown while its translation is updated: legal pages and dialogs (issue 36).
  L: {
    legalTranslationUpdating: "本文的中文译本正在更新。在新译本发布之前，以下英文版本为现行有效版本。",
  },
  TS: {
    legalDescription: {
      privacy: "我们如何使用和保护您的健康信息，以及您享有的权利（隐私惯例通知）。",
      terms: "使用我们网站及其咨询表单的条款。",
      hipaa: "您随咨询发送健康信息时所授权的内容。",
    },
  },
} satisfies Words;
