import type { ClinicDetails } from "../../../../shared/clinic";
import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The contact words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    contact: {
      location: "地址",
      phone: "电话",
      email: "电子邮箱",
      hours: "营业时间",
      submit: "提交咨询",
      sending: "正在发送……",
      clearForm: "清空表单",
      successTitle: "信息发送成功！",
      successText: "感谢您的咨询。我们会在 24 小时内回复您。",
      errorTitle: "信息发送失败",
      errorText: "请重试，或直接与我们联系。",
      fields: {
        name: "姓名",
        email: "电子邮箱",
        phone: "手机号码",
        services: "您感兴趣的服务",
        days: "方便的日期",
        times: "方便的时段",
        healthConditions: "健康状况（选填）",
        healthConditionsHint: "请简要描述您希望我们了解的健康状况（最多 200 个字符）。",
        optInTexting: "是的，我同意通过短信接收预约提醒和最新消息。",
        // Followed by a link with the text's title: "我同意 隐私政策".
        privacyPolicy: "我同意",
        // Must contain L.legalTitles.hipaa ("HIPAA 授权"): the form makes it a link.
        hipaaConsent: "我同意 HIPAA 授权，允许为回复我的咨询而使用和披露我的健康信息。",
        // "我同意 条款和条件".
        termsAndConditions: "我同意",
        required: "必填",
      },
      map: {
        showMap: "显示互动地图",
        notice: "互动地图由 OpenStreetMap 提供，仅在您要求时才会加载。",
        directions: "查看路线",
        frameTitle: `${BRAND} 位置地图`,
      },
    },
  },
  TC: {
    hero: {
      callLink: (phone: string) => `致电 ${phone}`,
    },
    form: {
      requiredNote: "标有 * 的为必填项。",
      aboutYou: "您的信息",
      interests: "我们能为您做什么",
      availability: "您方便的时间",
      availabilityHint: "选填。请选择所有您方便的时间，我们会为您建议具体时间。",
      servicesHint: "可选择一项或多项。",
      charCount: (count: number, max: number) => `${count}/${max}`,
      charCountSuffix: " 个字符已使用",
      confidential:
        "严格保密：您的信息通过加密连接发送、加密存储，只有负责回复您咨询的医护团队才能查看。不便写下的内容，可以通过电话与我们沟通。",
      textingHint: "选填。可能会产生短信和数据费用；您可随时回复 STOP 退订。",
      consents: "同意事项",
      privacyPolicy: "隐私政策",
      termsAndConditions: "条款和条件",
      throttledTitle: "您的咨询未能发送。",
      honeypot: "请勿填写此字段",
    },
    details: {
      socialLabel: "在社交媒体上关注我们",
      newTab: "（在新标签页中打开）",
    },
    map: {
      fallbackAlt: "示意地图：诊所位于 Highland Drive 附近，Millcreek, UT 84124",
    },
  },
  TS: {
    contactTitle: "预约就诊",
    contactDescription: (clinic: ClinicDetails | undefined) =>
      `向${clinic ? `位于 ${`${clinic.city}, ${clinic.state} ${clinic.zip}`} 的 ${clinic.name} ` : ` ${BRAND} `}发送预约咨询。可咨询干细胞疗法、臭氧疗法或一般咨询；我们会在 24 小时内回复。`,
  },
  D: {
    CONTACT_HERO: {
      eyebrow: "联系我们",
      title: "预约就诊",
      intro: "请留下一些基本信息，我们的团队成员会在 24 小时内与您联系。",
      responsePromise: "我们会在 24 小时内回复",
      confidential: "您的信息将严格保密",
      callPrompt: "想直接电话沟通？",
    },
    CONTACT_FORM: { title: "立即咨询" },
    CONTACT_DETAILS: { title: "联系方式", intro: "预约前有疑问？我们很乐意为您解答。", followTitle: "关注我们" },
    CONTACT_MAP: { title: "诊所位置" },
  },
  CM: {
    times: {
      morning: "上午（8:00-12:00）",
      afternoon: "下午（12:00-17:00）",
    },
    generalConsultation: "一般咨询",
  },
} satisfies Words;
