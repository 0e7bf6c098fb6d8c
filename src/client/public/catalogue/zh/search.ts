import type { Words } from "../parts";

/** 搜索页的文字（issue 39）：与 en/search.ts 相同的键。 */
export const WORDS = {
  T: {
    search: {
      title: "搜索",
      site: "搜索本站",
      lead: "我们的服务及常见问题、新闻和团队。",
      label: "要搜索的字词",
      button: "搜索",
      count: (count: number, query: string) => `找到 ${count} 条与“${query}”相关的结果`,
      none: (query: string) => `没有找到与“${query}”相关的内容。`,
      noneHint: "请换用其他字词，或减少字词。",
      tooLong: "搜索字词不能超过 200 个字符。",
      failed: "搜索暂时无法使用，请稍后再试。",
      writtenInEnglish: "以英文撰写",
      kinds: { service: "服务", faq: "问题", news: "新闻", team: "我们的团队" },
      pages: "结果页",
      previous: "上一页",
      next: "下一页",
      pageOf: (page: number, pages: number) => `第 ${page} 页，共 ${pages} 页`,
    },
  },
  TS: {
    searchTitle: "搜索",
    searchDescription: "搜索诊所的服务、常见问题、新闻和团队。",
  },
} satisfies Words;
