/**
 * The language choice (public-site.md sections 1, 3, 4 and 9): English, Spanish, Chinese. It changes
 * only the cultural wellness insights on the About page. Saved in local storage under "language".
 */
export const LANGUAGE_STORAGE_KEY = "language";
export const DEFAULT_LANGUAGE = "en";

export interface Language {
  code: "en" | "es" | "zh";
  name: string;
  nativeName: string;
  flag: string;
  /** Open Graph locale of the About page. */
  locale: "en_US" | "es_ES" | "zh_CN";
  culturalInsights: [string, string, string];
}

export const LANGUAGES: Language[] = [
  {
    code: "en",
    name: "English",
    nativeName: "English",
    flag: "🇺🇸",
    locale: "en_US",
    culturalInsights: [
      "In Utah's mountain communities, time outdoors is part of healing: fresh air, movement and sunlight support both body and mind.",
      "Many of our patients value self-reliance; we explain every option clearly so you can make informed choices about your own care.",
      "Family and community matter here, so we welcome loved ones to consultations and include them in your recovery plan.",
    ],
  },
  {
    code: "es",
    name: "Spanish",
    nativeName: "Español",
    flag: "🇪🇸",
    locale: "es_ES",
    culturalInsights: [
      "La familia es el centro del bienestar: le invitamos a traer a sus seres queridos a la consulta y a las visitas de seguimiento.",
      "Valoramos la confianza y el trato personal; nuestro equipo dedica tiempo a escuchar su historia antes de recomendar un tratamiento.",
      "El equilibrio entre el cuerpo, la alimentación y el descanso forma parte de la tradición; lo incluimos en cada plan de recuperación.",
    ],
  },
  {
    code: "zh",
    name: "Chinese",
    nativeName: "中文",
    flag: "🇨🇳",
    locale: "zh_CN",
    culturalInsights: [
      "中医强调身体的整体平衡，我们的再生疗法同样关注身心的协调与恢复。",
      "预防胜于治疗：我们鼓励通过合理饮食、适度运动和充足睡眠来支持身体的自我修复。",
      "家人的陪伴是康复的重要力量，欢迎您的家人一同参与咨询和康复计划。",
    ],
  },
];

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

/** The saved choice, else the browser's language if supported, else English. */
export function pickInitialLanguage(saved: string | null, browserLanguages: readonly string[]): Language["code"] {
  const fromSaved = findLanguage(saved);
  if (fromSaved) return fromSaved.code;
  for (const tag of browserLanguages) {
    const match = findLanguage(tag.toLowerCase().split("-")[0]);
    if (match) return match.code;
  }
  return DEFAULT_LANGUAGE;
}
