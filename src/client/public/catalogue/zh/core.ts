import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The core words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    nav: {
      home: "首页",
      about: "关于我们",
      services: "服务项目",
      news: "新闻",
      contact: "联系我们",
      bookNow: "立即预约",
      bookAppointment: "预约就诊",
      menu: "打开菜单",
      closeMenu: "关闭菜单",
      mainNavigation: "主导航",
      skipToContent: "跳至主要内容",
      callUs: (phone: string) => `致电我们：${phone}`,
      homeLink: `${BRAND} 首页`,
    },
    footer: {
      quickLinks: "快速链接",
      services: "服务项目",
      contact: "联系我们",
      privacyPolicy: "隐私政策",
      termsOfService: "服务条款",
      adminPortal: "管理后台",
      copyright: (year: number, clinicName: string) => `© ${year} ${clinicName} 版权所有。`,
      followUs: "关注我们",
      defaultDescription: `在 ${BRAND}，我们相信以全面的再生方式呵护健康与身心，兼顾身体、心智与精神的需要。`,
    },
    notFound: {
      title: "404 未找到页面",
      text: "抱歉，我们找不到您要访问的页面。",
      home: "返回首页",
    },
    errors: {
      contentFetch: (status: number) => `内容获取失败：${status}`,
      http: (status: number, body: string) => `${status}: ${body}`,
    },
    toast: {
      region: "通知（F8）",
      dismiss: "关闭通知",
    },
    images: {
      placeholderAlt: "图片无法显示",
    },
  },
  TS: {
    pageNotFoundDescription: "找不到您要访问的页面。",
  },
  L: {
    legalTitles: { privacy: "隐私政策", terms: "条款和条件", hipaa: "HIPAA 授权" },
    legalDateLine: (date: string) => `生效日期：${date}`,
    legalFailedTitle: "无法加载此内容",
    legalFailedText: "请稍后再试，或致电我们，我们会将副本发送给您。",
    weekdays: {
      monday: "星期一",
      tuesday: "星期二",
      wednesday: "星期三",
      thursday: "星期四",
      friday: "星期五",
      saturday: "星期六",
      sunday: "星期日",
    },
    closed: "休息",
    /** The heading of the clinic's holidays and special hours of the coming weeks, under its weekly hours. */
    specialHours: "特别营业时间",
    /** A time of day from its hour (0-23) and minutes, on the 24-hour clock: "9:00", "17:00". */
    time: (hour: number, minutes: string) => `${hour}:${minutes}`,
    /** A short date from its year, month (0-11) and day: "2026年1月5日". */
    shortDate: (year: number, month: number, day: number) => `${year}年${month + 1}月${day}日`,
    /** A legal text's effective date in words: "2025年5月21日". */
    longDate: (year: number, month: number, day: number) => `${year}年${month + 1}月${day}日`,
    /** The name of the list of this page in each language (menu, footer). */
    languageNavigation: "语言",
    suggestionDismiss: "关闭",
    suggestionRegion: "语言建议",
  },
} satisfies Words;
