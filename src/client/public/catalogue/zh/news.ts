import { FALLBACK_ARTICLES } from "../../../../shared/fallback-news";
import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The news words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    news: {
      heading: "最新动态与资讯",
      noImage: "暂无图片",
      externalArticle: "外部文章",
      brandNews: `${BRAND} 新闻`,
      dateUnavailable: "日期不详",
      viewExternalSource: "查看外部来源",
      readFullArticle: "阅读全文",
      allLoaded: "已加载全部文章。",
      loadError: "无法加载最新文章，请稍后再试。",
      refreshPage: "刷新页面",
      empty: "目前暂无新闻文章。",
      byline: (date: string) => `${BRAND} 团队 · ${date}`,
      externalNote: "本文引用了外部研究。请前往原始来源阅读完整研究。",
      notFoundTitle: "未找到该文章",
      notFoundText: "您查找的文章不存在或已被删除。",
      articleNotFoundError: "未找到文章",
    },
  },
  TN: {
    /** The built-in articles the news pages show when the articles cannot be read (public-site.md section 8): English. */
    fallbackArticles: FALLBACK_ARTICLES,
    preview: {
      banner: "预览：尚未公开",
      explain: "只有已登录的员工才能看到此页面。在文章发布之前，访客在此处会看到“未找到页面”。",
    },
    list: {
      loading: "正在加载文章",
      articlesLabel: "文章",
    },
    card: {
      opensInNewTab: "（在新标签页中打开）",
    },
    article: {
      loading: "正在加载文章",
      relatedLoading: "正在加载相关文章",
    },
    notFound: {
      suggestions: "您要找的可能是以下页面之一：",
      sections: [
        { href: "/services", label: "服务项目", text: "干细胞、臭氧及其他再生治疗" },
        { href: "/news", label: "新闻", text: "研究资讯、诊所新闻和患者指南" },
        { href: "/about", label: "关于我们", text: "我们的诊疗方式和团队" },
        { href: "/contact", label: "联系我们", text: "预约就诊或向我们提问" },
      ],
    },
  },
  TS: {
    newsTitle: "最新动态与资讯",
    newsDescription: `来自 ${BRAND}（犹他州 Millcreek）团队的研究摘要、诊所新闻，以及有关干细胞与臭氧疗法的实用指南。`,
    articleNotFoundDescription: "您查找的文章不存在或已被删除。",
  },
  D: {
    NEWS_HERO: {
      eyebrow: "新闻与研究",
      title: "最新动态与资讯",
      intro: "来自我们团队的研究资讯、诊所新闻和实用指南。",
    },
    NEWS_ARTICLE_CTA: {
      title: "对再生医疗有疑问吗？",
      text: "我们的团队很乐意与您一起探讨您的选择。",
      contactButton: "联系我们",
      bookButton: "预约咨询",
    },
    NEWS_ARTICLE: { backLink: "返回新闻列表", sourceButton: "查看原文", relatedTitle: "相关文章" },
    NEWS_LIST: { loadMore: "加载更多文章" },
  },
} satisfies Words;
