import type { Words } from "../parts";

/** The services words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    services: {
      notFoundTitle: "未找到该服务",
      notFoundText: "找不到您要查找的服务。请检查网址，或浏览我们的服务页面。",
      loadError: "服务项目加载失败，请稍后再试。",
    },
  },
  TH: {
    services: {
      cardLink: "了解更多",
      cardLinkAbout: (title: string) => `关于“${title}”的信息`,
      loading: "正在加载服务项目",
      empty: "我们的治疗项目即将在此列出。如需了解某项服务，请与我们联系。",
      detailLoading: "正在加载服务详情",
      stepLabel: (n: number) => `第 ${n} 步`,
      /** Above a draft service that signed-in staff open at its public address. */
      previewBanner: "预览：尚未公开",
      previewExplain: "只有已登录的工作人员能看到此页面。在服务发布之前，访客在此处会看到“页面未找到”。",
    },
  },
  TS: {
    servicesTitle: "再生治疗与服务",
    servicesDescription: "犹他州 Millcreek 的干细胞疗法、臭氧疗法及相关再生治疗，每一项都会在从容细致的咨询之后，围绕您量身规划。",
    stemCellTitle: "犹他州干细胞疗法",
    stemCellDescription:
      "犹他州 Millcreek 的非手术干细胞疗法，适用于关节疼痛、运动损伤、腰背及颈部疼痛和慢性炎症。了解治疗的原理，并预约咨询。",
    serviceNotFoundDescription: "找不到您要查找的服务。欢迎浏览我们全部的再生治疗项目。",
  },
  D: {
    SERVICES_HERO: {
      title: "我们的服务",
      subtitle: "为您量身定制的再生治疗，在我们的 Millcreek 诊所用心为您提供。",
    },
    SERVICE_DETAIL: { bookButton: "预约此项服务", allButton: "查看全部服务" },
  },
} satisfies Words;
