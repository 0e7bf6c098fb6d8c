import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The about words of the zh catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    about: {
      chooseLanguage: "语言",
    },
    team: {
      loadError: "团队信息加载失败，请稍后再试。",
    },
  },
  TH: {
    about: {
      teamLoading: "正在加载团队信息",
      teamEmpty: "我们的团队成员即将在此与您见面。",
    },
  },
  TS: {
    aboutTitle: "关于我们",
    aboutDescription:
      "认识我们位于犹他州 Millcreek 的再生健康诊所的临床医护人员：我们的使命、我们关注整个人的干细胞与臭氧疗法诊疗方式，以及将为您提供照护的团队。",
  },
  D: {
    ABOUT_MISSION: {
      eyebrow: "关于我们",
      title: "我们的使命",
      paragraph1: "我们的使命是在让患者感到被倾听、被充分告知、被尊重的环境中，提供周到细致、以科学证据为参考的再生医疗。",
      paragraph2: "我们相信，好的医疗应当因人而异：留出时间进行真正的交流，清楚地说明，并抱有实事求是的预期。",
      paragraph3: "我们扎根于 Millcreek，很荣幸能为整个盐湖谷（Salt Lake Valley）的邻里乡亲服务。",
    },
    ABOUT_APPROACH: {
      eyebrow: "我们的做法",
      title: "我们的诊疗方式",
      content: "我们关注的是完整的人：身体、心理和日常生活。我们会先进行咨询，再制定方案，并在您康复的过程中与您一起调整。",
      button: "了解我们的诊疗方式",
    },
    ABOUT_HEAD: {
      title: `关于 ${BRAND}`,
      intro: "位于犹他州 Millcreek 的再生健康诊所，以倾听、清晰的说明和关注整个人的照护为本。",
    },
    ABOUT_INSIGHTS: {
      title: "多元文化健康观",
      intro: "不同的健康传统影响着我们每个人的康复方式。选择一种语言，阅读我们护理团队的几点感悟。",
    },
    ABOUT_TEAM: {
      eyebrow: "团队成员",
      title: "我们的团队",
      intro: "经验丰富的临床医护人员和亲切友善的服务团队，愿意花时间真正了解您。",
    },
  },
} satisfies Words;
