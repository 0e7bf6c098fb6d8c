import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The home words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    testimonials: {
      loadError: "患者评价加载失败，请稍后再试。",
      empty: "目前暂无患者评价。",
      readMore: "阅读全文",
      previous: "上一组评价",
      next: "下一组评价",
      rating: (rating: number) => `评分：${rating} 分（满分 5 分）`,
      close: "关闭",
    },
  },
  TH: {
    testimonials: {
      region: "患者评价",
      loading: "正在加载患者评价",
      pageIndicator: (page: number, total: number) => `${page} / ${total}`,
      readMoreLabel: (name: string) => `阅读全文：${name} 的评价`,
      incentive: (what: string) => `评价者因撰写此评价而获得：${what}`,
      /** Under a testimonial shown in the clinic's translation (the patient wrote it in English). */
      translated: "由诊所根据患者的英文原文翻译",
      /** Under a testimonial shown as the patient wrote it, in another language than the page's (its words are marked lang). */
      writtenIn: { en: "患者以英文撰写", es: "患者以西班牙文撰写", zh: "患者以中文撰写" },
    },
  },
  TS: {
    homeTitle: `${BRAND} | 犹他州 Millcreek 干细胞与臭氧疗法`,
    homeDescription:
      "犹他州 Millcreek 的再生干细胞与臭氧疗法。由临床医护人员主导，支持您身体自身的愈合能力。欢迎了解我们的治疗项目并预约咨询。",
  },
  D: {
    HOME_HERO: {
      eyebrow: "犹他州 Millcreek",
      title: "再生健康，就在犹他州 Millcreek",
      subtitle: "由经验丰富的临床医护人员指导的干细胞与臭氧疗法，帮助您的身体自我愈合。",
      bookButton: "预约就诊",
      browseButton: "浏览服务项目",
    },
    HOME_WELCOME: {
      eyebrow: "欢迎",
      title: `欢迎来到 ${BRAND}`,
      paragraph1: "我们是位于犹他州 Millcreek 的再生健康诊所，通过顺应身体自身愈合过程的治疗，帮助大家活动自如、顺利康复、感觉更好。",
      paragraph2: "每一份方案都从倾听开始：我们会花时间了解您的病史和目标，并用浅显易懂的语言说明您的选择。",
      link: "进一步了解我们的诊疗方式",
    },
    HOME_CTA: {
      title: "准备好开启您的健康之旅了吗？",
      text: "简单告诉我们您的目标，我们会在 24 小时内与您联系，为您安排咨询。",
      bookButton: "立即预约",
      contactButton: "联系我们",
    },
    HOME_SERVICES: {
      eyebrow: "治疗项目",
      title: "我们的服务",
      intro: "围绕您的需求设计、用心提供的再生治疗。",
      button: "预约服务",
    },
    HOME_TESTIMONIALS: {
      eyebrow: "患者评价",
      title: "患者心声",
      intro: "来自盐湖谷（Salt Lake Valley）各地的患者分享的亲身经历。",
    },
  },
} satisfies Words;
