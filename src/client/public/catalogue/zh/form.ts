import type { Words } from "../parts";

/** The inquiry form's messages in zh (public-site.md section 5): loaded with the form's schema, when a visitor starts on the form. */
export const WORDS = {
  CM: {
    messages: {
      name: "姓名至少需要 2 个字符。",
      nameMax: "姓名不能超过 100 个字符。",
      email: "请输入有效的电子邮箱地址。",
      phone: "手机号码为必填项。",
      phoneMax: "手机号码不能超过 30 个字符。",
      servicesInterested: "请至少选择一项您感兴趣的服务。",
      serviceNotOffered: (name: string) => `“${name}”不是本表单提供的服务。请从列表中选择。`,
      healthConditions: "健康状况不能超过 200 个字符。",
      privacyPolicy: "您必须同意我们的隐私政策才能继续。",
      hipaaConsent: "您必须同意 HIPAA 授权才能继续。",
      termsAndConditions: "您必须同意我们的条款和条件才能继续。",
      days: "请从列表中选择日期。",
      times: "请从列表中选择时段。",
    },
  },
} satisfies Words;
