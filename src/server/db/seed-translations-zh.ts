import { cityStateZip, DEFAULT_CLINIC, fullAddress, SPEC_CLINIC_NAME, type ClinicDetails } from "../../shared/clinic";
import type { ServiceSection } from "../../shared/schemas/services";
import { toHtml, type LegalSection } from "../legal/seed-texts";
import type { SeedTranslations } from "./seed-translations";

/**
 * The seeded site in Simplified Chinese (zh-Hans): written for the clinic's Chinese-speaking patients,
 * not word for word. Brand and place names stay in Latin letters (with a Chinese gloss where a reader
 * in Utah would expect one); phones and addresses keep their US form. Medical copy describes, it does
 * not promise, like the English (seed-data.ts, ../legal/seed-texts.ts).
 */

/** The stem cell page's sections: the same kinds, in the same order, as STEM_CELL_SECTIONS. */
const STEM_CELL_SECTIONS_ZH: ServiceSection[] = [
  {
    kind: "overview",
    eyebrow: "认识干细胞疗法",
    title: "什么是干细胞？",
    text: "干细胞是人体的“修复细胞”。它们能够发育成多种组织，并释放有助于平息炎症、促进愈合的信号。再生疗法将这些细胞送到身体需要支持的部位，帮助身体进行自我修复。",
  },
  {
    kind: "benefits",
    title: "益处",
    items: [
      { title: "抗衰老", text: "随着年龄增长，支持组织的健康更新。" },
      { title: "缓解疼痛", text: "可能减轻慢性关节疼痛和软组织疼痛。" },
      { title: "组织再生", text: "促进软骨、肌腱和韧带的修复。" },
      { title: "非手术选择", text: "一种微创方式，可作为许多手术的替代方案。" },
    ],
  },
  { kind: "conditions", title: "常见治疗病症", items: ["关节疼痛", "运动损伤", "腰背及颈部疼痛", "慢性炎症"] },
  {
    kind: "steps",
    title: "治疗流程",
    items: [
      { title: "咨询", text: "我们会查看您的病史、影像资料和目标，并解答您的每一个问题。" },
      { title: "治疗", text: "治疗在我们的诊所内进行，约需 1 至 2 小时。" },
      { title: "恢复", text: "大多数患者在 24 至 48 小时内即可恢复日常活动。" },
      { title: "效果", text: "随着组织逐步愈合，改善会在 2 至 3 个月内逐渐显现。" },
    ],
  },
  { kind: "cta", text: "不确定干细胞疗法是否适合您？不妨先和我们聊一聊。", button: "预约咨询" },
];

const paragraphs = (...texts: string[]) => texts.join("\n\n");

// ---------------------------------------------------------------------------------------------
// Legal texts: the same sections and blocks as ../legal/seed-texts.ts, with the clinic's details.
// ---------------------------------------------------------------------------------------------

const PRIVACY_INTRO_ZH = "本通知说明您的健康信息可能如何被使用和披露，以及您如何获取这些信息。请仔细阅读。";

function privacySectionsZh(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "我们对保护您隐私的承诺",
      blocks: [
        `您的健康信息属于个人隐私，${CLINIC} 致力于保护这些信息。我们会为您在本诊所接受的医疗照护和服务建立记录，并保存您在咨询预约时发送给我们的信息。`,
        "法律要求我们：对您受保护的健康信息予以保密；向您提供本通知，说明我们的法律义务和隐私惯例；遵守现行有效的通知；并在发生影响您未经安全保护的健康信息的泄露事件时通知您。",
      ],
    },
    {
      heading: "我们可能如何使用和披露您的健康信息",
      blocks: [
        "我们仅在以下目的所需的范围内使用和分享您的健康信息，且分享的内容不超出必要限度：",
        {
          list: [
            { term: "治疗：", text: "为您提供、协调和管理医疗照护，包括与参与您治疗的其他临床医护人员合作。" },
            { term: "付款：", text: "就您接受的服务，向您本人、保险公司或其他付款方开具账单并收取费用。" },
            { term: "医疗保健运营：", text: "维持诊所的良好运作，包括评估我们的医疗质量、培训员工，以及满足执照和认证方面的要求。" },
            { term: "预约提醒：", text: "通过电话或电子邮件提醒您的预约；如果您已同意接收短信，也会通过短信提醒。" },
            { term: "治疗选择：", text: "向您介绍您可能感兴趣的治疗选择或替代方案。" },
            { term: "与健康相关的福利和服务：", text: "向您介绍您可能感兴趣的与健康相关的福利或服务。" },
          ],
        },
        "我们绝不出售您的健康信息；未经您的书面授权，也不会将其用于营销。任何其他使用或披露均需获得您的书面授权，您可随时以书面形式撤销该授权。",
      ],
    },
    {
      heading: "特殊情况",
      blocks: [
        "在有限的情况下，法律允许或要求我们在未经您授权的情况下分享健康信息，例如：",
        {
          list: [
            "联邦、州或地方法律要求时；",
            "用于公共卫生活动，例如预防疾病或报告药物不良反应；",
            "向卫生监管机构提供，用于审计、检查和执照审核；",
            "响应法院命令、传票或其他合法程序；",
            "在法律允许的范围内，向执法人员提供；",
            "为防止对您或他人的健康或安全构成严重威胁；",
            "用于工伤赔偿及类似项目。",
          ],
        },
      ],
    },
    {
      heading: "您的权利",
      blocks: [
        "您有权：",
        {
          list: [
            "查阅并获取您健康记录的纸质或电子副本；",
            "要求我们更正您认为有误或不完整的健康信息；",
            "要求我们限制使用或分享的信息，并要求我们不向您的健康保险计划透露您已全额自费支付的服务的相关信息；",
            "要求我们以特定方式或按特定地址与您联系，以确保您的通信保密；",
            "获取我们所作的某些披露的清单；",
            "随时获取本通知的纸质副本；",
            "指定他人代表您行事，例如法定监护人或持有医疗授权书（medical power of attorney）的人。",
          ],
        },
        "如果您认为您的隐私权受到侵犯，可以向我们投诉，也可以向美国卫生与公众服务部（U.S. Department of Health and Human Services）民权办公室（Office for Civil Rights）投诉。我们绝不会因您提出投诉而对您进行任何报复。",
      ],
    },
    {
      heading: "我们如何保护您的信息",
      blocks: [
        "我们采取行政、物理和技术方面的保护措施来保护您的健康信息，包括：",
        {
          list: [
            { term: "加密：", text: "对通过我们网站发送的信息，以及随之存储的健康信息进行加密。" },
            { term: "访问控制：", text: "只有因工作需要而必须使用您信息的员工才能查看这些信息。" },
            { term: "审计记录：", text: "记录谁在何时查看或导出了健康信息。" },
            { term: "定期风险评估：", text: "定期评估我们的系统和做法，并及时修正发现的问题。" },
            { term: "员工必修培训：", text: "我们团队的每一位成员都必须接受隐私与安全方面的培训。" },
          ],
        },
      ],
    },
    {
      heading: "本通知的变更",
      blocks: [
        "我们可能会修改本通知的条款，修改后的条款将适用于我们所持有的关于您的全部信息。注明日期的现行通知随时可在我们的网站和诊所查阅；如您提出要求，我们也会向您提供一份副本。",
      ],
    },
    {
      heading: "联系我们的隐私官",
      blocks: [
        `如果您对本通知有任何疑问、希望行使您的任何权利或想要提出投诉，请联系我们的隐私官：电话 ${clinic.privacyOfficerPhone}，或来信寄至 ${CLINIC}, Attn: Privacy Officer, ${ADDRESS}（收件人：隐私官）。`,
      ],
    },
  ];
}

function termsSectionsZh(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "1. 引言",
      blocks: [
        `本条款与条件适用于您对 ${CLINIC} 网站及网站上咨询表单的使用。使用本网站或提交咨询，即表示您同意本条款。如果您不同意，请勿使用本网站。`,
      ],
    },
    {
      heading: "2. 健康隐私（HIPAA）合规",
      blocks: [
        "我们依照《健康保险可携性与责任法案》（Health Insurance Portability and Accountability Act，HIPAA）以及我们的隐私政策，处理您与我们分享的健康信息。您通过我们网站发送的信息在传输过程中经过加密，并被安全存储，只有为回复您而需要这些信息的员工才能查看。",
      ],
    },
    {
      heading: "3. 通讯",
      blocks: [
        "当您提交咨询时，即表示您同意我们就该咨询通过电话或电子邮件与您联系。只有在您同意接收短信的情况下，我们才会向您发送短信；可能会产生短信和数据费用，您可随时回复 STOP 退订。",
        "电子邮件和短信并非总是安全的，因此请勿通过这些方式发送紧急或高度敏感的信息。本网站不用于处理紧急情况：如遇医疗紧急情况，请拨打 911。",
      ],
    },
    {
      heading: "4. 预约与服务",
      blocks: [
        "提交咨询并不代表已完成预约，也不会建立医患关系；我们会与您联系以确认时间。只有在咨询中由医疗服务提供者判断治疗适合您之后，我们才会为您提供治疗。",
        "如需取消或改期，请至少提前 24 小时通知我们，以免产生可能的费用。",
      ],
    },
    {
      heading: "5. 网站内容",
      blocks: [
        `本网站的内容仅供一般信息和教育用途，不构成医疗建议，也不能替代与合格医疗服务提供者的咨询。网站上的文字、图片和设计归 ${CLINIC} 或其许可方所有，未经我们书面许可，不得复制或再次使用。`,
      ],
    },
    {
      heading: "6. 禁止的使用行为",
      blocks: [
        "您同意不会：",
        {
          list: [
            "将本网站用于任何非法目的；",
            "提交虚假信息，或未经他人许可提交他人的信息；",
            "试图未经授权访问或干扰本网站或其系统；",
            "发送恶意代码、垃圾信息或自动化请求，或以自动化方式复制内容。",
          ],
        },
      ],
    },
    {
      heading: "7. 赔偿",
      blocks: [
        `对于因您违反本条款或不当使用本网站而引起的任何索赔、损失或费用（包括合理的律师费），您同意向 ${CLINIC} 及其医疗服务提供者、员工和关联方作出赔偿，并使其免受损害。`,
      ],
    },
    {
      heading: "8. 责任限制",
      blocks: [
        `本网站按“现状”提供。在法律允许的最大范围内，${CLINIC} 对因您使用本网站或依赖其内容而产生的间接、附带或后果性损害不承担责任。本条款中的任何内容，均不限制依法不得限制的任何责任，也不限制我们对患者应尽的专业职责。`,
      ],
    },
    {
      heading: "9. 健康免责声明",
      blocks: [
        "再生医学是一个仍在不断发展的领域。干细胞疗法和臭氧疗法的部分用途尚未获得美国食品药品监督管理局（FDA）的批准；我们不保证任何特定效果，个人效果因人而异。本网站上的患者故事描述的是个人经历。在开始或更改任何治疗之前，请务必咨询合格的医疗服务提供者。",
      ],
    },
    {
      heading: "10. 适用法律",
      blocks: [
        "本条款受犹他州法律管辖，不适用其法律冲突规则。因本条款或您使用我们网站而产生的任何争议，将由位于犹他州的州法院或联邦法院解决。",
      ],
    },
    {
      heading: "11. 条款的变更",
      blocks: [
        "我们可能会不时更新本条款。更新后的条款在本页发布并注明新的生效日期后即生效；此后继续使用本网站，即表示您接受更新后的条款。",
      ],
    },
    {
      heading: "12. 联系我们",
      blocks: [`对本条款有疑问？请致电 ${clinic.phone}，发送电子邮件至 ${clinic.email}，或来信寄至 ${CLINIC}, ${ADDRESS}。`],
    },
  ];
}

function hipaaSectionsZh(clinic: ClinicDetails): LegalSection[] {
  const CLINIC = clinic.name;
  const ADDRESS = fullAddress(clinic);
  return [
    {
      heading: "您授权的内容",
      blocks: [
        `勾选我们咨询表单中的“HIPAA 授权”复选框，即表示您授权 ${CLINIC} 为回复您的咨询而使用和披露您随咨询一同发送的健康信息，具体如下所述。`,
      ],
    },
    {
      heading: "涵盖的信息",
      blocks: ["您在咨询表单中填写的内容：您的姓名和联系方式、您感兴趣的服务、您方便的时间，以及您选择描述的任何健康状况。"],
    },
    {
      heading: "谁可以使用这些信息，以及用途",
      blocks: [
        {
          list: [
            { term: "使用者：", text: `${CLINIC} 负责回复咨询的员工，以及他们就您的问题所咨询的医疗服务提供者。` },
            { term: "用途：", text: "回复您的咨询，包括与您联系、告诉您我们的服务是否适合您以及如何适合您，并在您需要时为您安排咨询。" },
          ],
        },
        "我们不会出售这些信息，也不会将其用于营销。除我们的隐私政策（隐私惯例通知）所述或法律要求的情况外，我们不会向本诊所以外的任何人披露这些信息。",
      ],
    },
    {
      heading: "有效期限",
      blocks: ["本授权在您提交咨询一年后终止；如果您在此之前撤销，则于撤销时终止。"],
    },
    {
      heading: "您撤销授权的权利",
      blocks: [
        `您可随时撤销本授权：来信寄至我们的隐私官（${CLINIC}, Attn: Privacy Officer, ${ADDRESS}），或致电 ${clinic.privacyOfficerPhone}。撤销不影响我们在收到撤销通知之前依据本授权已经采取的行动。`,
      ],
    },
    {
      heading: "您的选择",
      blocks: [
        "您不必签署本授权。您的治疗、付款、参保登记或福利资格均不以本授权为条件；如果您不提供本授权，请直接致电我们，而不要使用咨询表单。",
        "依据本授权披露的信息可能会被接收方再次披露，届时可能不再受联邦隐私法的保护。",
        "您可以向我们索取本授权的副本。",
      ],
    },
  ];
}

export const SEED_TRANSLATIONS_ZH: SeedTranslations = {
  services: {
    "stem-cell-therapy": {
      title: "犹他州干细胞疗法",
      shortDescription: "再生干细胞治疗，支持身体自身的修复机能，用于关节、软组织问题和慢性疼痛。",
      description: paragraphs(
        "干细胞疗法借助人体自身的“修复信使”，在愈合陷入停滞的部位提供支持。在我们位于 Millcreek 的诊所，每一次治疗都从全面的咨询开始：我们会了解您的病史、查看您的影像资料，并坦诚地与您讨论再生医疗能为您做什么、不能做什么。",
        "治疗在我们的诊所内、在无菌条件下进行，通常需要一到两个小时。大多数患者在一两天内即可恢复轻度活动，并在随后的几个月里，随着组织的反应逐渐感受到变化。",
        "在治疗之外，我们还会就活动、营养和恢复为您提供实用建议，并在每个阶段跟进随访，让您始终清楚接下来会怎样。",
      ),
      imageAlt: "干细胞分裂的示意图",
      sections: STEM_CELL_SECTIONS_ZH,
    },
    "ozone-therapy": {
      title: "臭氧疗法",
      shortDescription: "医用臭氧治疗，可能有助于改善血液循环和氧气利用，并支持身体对炎症的反应。",
      description: paragraphs(
        "医用臭氧是按精确比例配制的氧气与臭氧混合气体。在受控剂量下，它被用于支持血液循环和氧气输送，以及身体自身对炎症和感染的反应。",
        "根据您的需要，臭氧可通过注射进入关节或软组织，也可通过诊所内的其他方式给予。每一份治疗方案都由我们的医疗团队在咨询后制定，并在您的治疗过程中随时复查。",
        "每次治疗时间不长，大多数人治疗结束后即可照常安排当天的活动。我们会向您说明每一个步骤、您可能会有的感受，以及针对您的目标通常建议进行几次治疗。",
      ),
      imageAlt: "臭氧分子与上升气泡的示意图",
      sections: [],
    },
    "prp-therapy": {
      title: "富血小板血浆（PRP）疗法",
      shortDescription: "从您自身血液中提取浓缩血小板，用于支持肌腱、韧带和关节的修复。",
      description: paragraphs(
        "富血小板血浆取自您自身的少量血液样本。样本经离心处理后，血小板得以浓缩；血小板携带的生长因子参与人体对组织的自然修复。",
        "PRP 常用于肌腱和韧带损伤、关节不适以及愈合缓慢的运动损伤，可单独使用，也可与其他再生治疗配合进行。整个就诊过程通常约需一小时。",
      ),
      imageAlt: "样本瓶中血浆分层的示意图",
      sections: [],
    },
    "iv-nutrient-therapy": {
      title: "静脉营养输注疗法",
      shortDescription: "将维生素、矿物质和液体直接输入血液，为补水、精力和身体恢复提供支持。",
      description: paragraphs(
        "静脉营养输注疗法将液体、维生素和矿物质直接输入血液，使身体无需经过消化即可利用这些营养。",
        "我们的医护人员会先了解您的健康史，再为您推荐配方；在 30 至 60 分钟的输注过程中，您可以坐在舒适的座椅上放松休息。静脉营养疗法也常与再生治疗搭配进行，以支持身体恢复。",
      ),
      imageAlt: "带有液滴的静脉输液袋示意图",
      sections: [],
    },
  },

  news: {
    "what-regenerative-medicine-can-and-cannot-do": {
      title: "再生医学能做什么（以及不能做什么）",
      summary: "用通俗易懂的语言介绍干细胞、PRP 和臭氧治疗的原理、可能受益的人群，以及开始治疗前值得提出的问题。",
      content: [
        "<p>再生医学是一类旨在支持身体自身修复过程、而不是取代或掩盖这一过程的治疗方法。这是一个令人振奋的领域，也是一个尤其需要清晰、诚实信息的领域。</p>",
        "<h2>治疗的原理</h2>",
        "<p>干细胞和富血小板血浆（PRP）治疗将信号细胞和生长因子输送到愈合变慢的部位。医用臭氧则用于支持血液循环以及身体对炎症的反应。</p>",
        "<h2>哪些人可能受益</h2>",
        "<ul><li>有关节不适、希望了解非手术选择的人</li><li>肌腱或韧带受伤、生活活跃的成年人</li><li>康复进展停滞不前的患者</li></ul>",
        "<h2>值得提出的问题</h2>",
        "<p>不妨问一问：针对您的情况，什么样的效果是切合实际的？进展将如何衡量？如果病情没有改善，下一步计划是什么？好的诊所会欢迎这些问题。</p>",
      ].join(""),
      thumbnailAlt: "一本打开的书，配有细胞插图",
      metaTitle: "再生医学能做什么，不能做什么",
      metaDescription: "通俗易懂的干细胞、PRP 和臭氧治疗指南：治疗原理、可能受益的人群，以及开始治疗前应该问的问题。",
    },
    "ozone-therapy-chronic-pain-research": {
      title: "臭氧疗法与慢性疼痛的最新研究",
      summary: "研究人员仍在持续研究医用臭氧注射对腰背和关节疼痛的作用。以下链接汇集了目前已发表的相关研究。",
      content: null,
      thumbnailAlt: "显微镜与臭氧分子",
      metaTitle: "臭氧疗法与慢性疼痛：当前研究",
      metaDescription: "已发表的医用臭氧注射治疗腰背及关节疼痛相关研究的链接。",
    },
    "preparing-for-your-first-consultation": {
      title: "为首次咨询做好准备",
      summary: "需要带什么、我们会问什么，以及如何让您在我们 Millcreek 诊所的首次就诊中获得最大收获。",
      content: [
        "<p>首次咨询是一次交流。我们希望了解您的病史、您的目标，以及您已经尝试过的方法。</p>",
        "<h2>需要携带的资料</h2>",
        "<ul><li>您目前正在服用的药物和保健品清单</li><li>近期的影像检查报告（X 光、核磁共振 MRI），或保存这些报告的机构名称</li><li>您想问的问题：提前写下来，以免遗漏</li></ul>",
        "<h2>接下来会怎样</h2>",
        "<p>如果某项再生治疗适合您，我们会在安排任何治疗之前，向您说明治疗计划、预期时间和费用。如果不适合，我们会如实告诉您，并建议其他选择。</p>",
      ].join(""),
      thumbnailAlt: "日出时分，一个人在山间小径上做伸展运动",
      metaTitle: "为您的首次再生医学咨询做好准备",
      metaDescription: "需要带什么、我们会问什么，以及如何让您在我们诊所的首次就诊中获得最大收获。",
    },
  },

  team: {
    "Dr. Elena Marsh, MD": {
      role: "医疗总监",
      bio: "Marsh 医生在盐湖谷（Salt Lake Valley）从事运动医学和再生医学已超过十五年。她主导诊所的每一份治疗方案，重视细致的评估、清晰的解释和切合实际的目标。",
    },
    "James Okafor, FNP-C": {
      role: "家庭执业护士",
      bio: "James 拥有骨科和急诊护理背景。他指导患者接受臭氧疗法和静脉营养疗法，并确保患者在治疗开始前的每一个问题都得到解答。",
    },
    "Sofia Tran": {
      role: "患者服务协调员",
      bio: "您致电诊所时听到的亲切声音，就是 Sofia。她负责协调咨询、复诊和各类文书手续，让您的每次就诊都简单顺畅、轻松无压力。",
    },
  },

  content: {
    "home/hero/title": "在 Millcreek 中心，为您提供再生医疗",
    "home/hero/subtitle": "由经验丰富的临床医护人员指导的干细胞与臭氧疗法，帮助您的身体发挥它最擅长的本领：自我愈合。",
    "home/welcome/title": `欢迎来到 ${DEFAULT_CLINIC.name}`,
    "home/welcome/paragraph1":
      "我们是位于犹他州 Millcreek 的再生健康诊所，致力于通过顺应身体自身愈合过程的治疗，帮助大家活动自如、顺利康复、感觉更好。",
    "home/welcome/paragraph2":
      "每一份方案都从倾听开始。我们会花时间了解您的病史和目标，用浅显易懂的语言说明您的选择，并从首次咨询到最后一次随访，一路陪伴您。",
    "about/mission/title": "我们的使命",
    "about/mission/paragraph1": "我们的使命是在让患者感到被倾听、被充分告知、被尊重的环境中，提供周到细致、以科学证据为参考的再生医疗。",
    "about/mission/paragraph2":
      "我们相信，好的医疗应当因人而异。这意味着留出时间进行真正的交流，清楚说明每项治疗包含哪些内容，并对治疗效果抱有实事求是的预期。",
    "about/mission/paragraph3": "我们扎根于 Millcreek 社区，很荣幸能为来自整个盐湖谷（Salt Lake Valley）乃至更远地区的邻里乡亲服务。",
    "about/approach/title": "我们的诊疗方式",
    "about/approach/content":
      "我们关注的是完整的人：身体、心理和日常生活。我们会先进行全面的咨询，再制定方案；方案可能将再生治疗与活动、营养和休息方面的指导相结合。我们与您一起评估进展，并随着您的康复调整方案。",
    "services/hero/title": "我们的服务",
    "services/hero/subtitle": "为您量身定制的再生治疗，在我们的 Millcreek 诊所用心为您提供。",
    "footer/description/text": `<p>在 ${DEFAULT_CLINIC.name}，我们相信以全面的再生方式呵护健康与身心，兼顾身体、心智与精神的需要。</p>`,
    "home/cta/title": "准备好开启您的健康之旅了吗？",
    "home/cta/text": "简单告诉我们您的目标，我们会在 24 小时内与您联系，为您安排咨询。",
    "news/hero/eyebrow": "新闻与研究",
    "news/hero/title": "最新动态与资讯",
    "news/hero/intro": "来自我们团队的研究资讯、诊所新闻和实用指南。",
    "news/articleCta/title": "对再生医疗有疑问吗？",
    "news/articleCta/text": "我们的团队很乐意与您一起探讨您的选择。",
    "contact/hero/eyebrow": "联系我们",
    "contact/hero/title": "预约就诊",
    "contact/hero/intro": "请留下一些基本信息，我们的团队成员会在 24 小时内与您联系。",
    "contact/hero/responsePromise": "我们会在 24 小时内回复",
    "contact/hero/confidential": "您的信息将严格保密",
    "contact/hero/callPrompt": "想直接电话沟通？",
    "contact/form/title": "立即咨询",
    "contact/details/title": "联系方式",
    "contact/details/intro": "预约前有疑问？我们很乐意为您解答。",
    "home/hero/eyebrow": "犹他州 Millcreek",
    "home/hero/bookButton": "预约就诊",
    "home/hero/browseButton": "浏览服务项目",
    "home/welcome/eyebrow": "欢迎",
    "home/welcome/link": "进一步了解我们的诊疗方式",
    "home/services/eyebrow": "治疗项目",
    "home/services/title": "我们的服务",
    "home/services/intro": "围绕您的需求设计、用心提供的再生治疗。",
    "home/services/button": "预约服务",
    "home/testimonials/eyebrow": "患者评价",
    "home/testimonials/title": "患者心声",
    "home/testimonials/intro": "来自盐湖谷（Salt Lake Valley）各地的患者分享的亲身经历。",
    "home/cta/bookButton": "立即预约",
    "home/cta/contactButton": "联系我们",
    "about/heading/title": `关于 ${SPEC_CLINIC_NAME}`,
    "about/heading/intro": "位于犹他州 Millcreek 的再生健康诊所，以倾听、清晰的说明和关注整个人的照护为本。",
    "about/mission/eyebrow": "关于我们",
    "about/insights/title": "多元文化健康观",
    "about/insights/intro": "不同的健康传统影响着我们每个人的康复方式。选择一种语言，阅读我们护理团队的几点感悟。",
    "about/team/eyebrow": "团队成员",
    "about/team/title": "我们的团队",
    "about/team/intro": "经验丰富的临床医护人员和亲切友善的服务团队，愿意花时间真正了解您。",
    "about/approach/eyebrow": "我们的做法",
    "about/approach/button": "了解我们的诊疗方式",
    "services/detail/bookButton": "预约此项服务",
    "services/detail/allButton": "查看全部服务",
    "news/list/loadMore": "加载更多文章",
    "news/article/backLink": "返回新闻列表",
    "news/article/sourceButton": "查看原文",
    "news/article/relatedTitle": "相关文章",
    "news/articleCta/contactButton": "联系我们",
    "news/articleCta/bookButton": "预约咨询",
    "contact/details/followTitle": "关注我们",
    "contact/map/title": "诊所位置",
  },

  imageAlts: {
    "home/hero/background": "黎明时分，俯瞰盐湖谷（Salt Lake Valley）的 Wasatch 山脉",
    "about/mission/image": "明亮的治疗室，窗外可见山景",
    "services/hero/background": "蓝绿色与鼠尾草绿色交织的柔和抽象波纹",
    "contact/map/image": `显示诊所位置的地图：Highland Drive，${cityStateZip(DEFAULT_CLINIC)}`,
  },

  legal(clinic) {
    return {
      privacy: { html: toHtml(PRIVACY_INTRO_ZH, privacySectionsZh(clinic)) },
      terms: { html: toHtml(undefined, termsSectionsZh(clinic)) },
      hipaa: { html: toHtml(undefined, hipaaSectionsZh(clinic)) },
    };
  },
};
