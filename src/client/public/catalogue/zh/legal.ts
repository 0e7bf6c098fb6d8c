import type { Words } from "../parts";

/** The legal words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  TS: {
    legalDescription: {
      privacy: "我们如何使用和保护您的健康信息，以及您享有的权利（隐私惯例通知）。",
      terms: "使用我们网站及其咨询表单的条款。",
      hipaa: "您随咨询发送健康信息时所授权的内容。",
    },
  },
} satisfies Words;
