import type { Language } from "./languages";

/**
 * The cultural wellness insights of the About page, three per language (public-site.md sections 1
 * and 4): the one thing the language choice changes. Apart from languages.ts, which every page loads
 * for the language picker, because only the About page shows them.
 */
export const CULTURAL_INSIGHTS: Record<Language["code"], [string, string, string]> = {
  en: [
    "In Utah's mountain communities, time outdoors is part of healing: fresh air, movement and sunlight support both body and mind.",
    "Many of our patients value self-reliance; we explain every option clearly so you can make informed choices about your own care.",
    "Family and community matter here, so we welcome loved ones to consultations and include them in your recovery plan.",
  ],
  es: [
    "La familia es el centro del bienestar: le invitamos a traer a sus seres queridos a la consulta y a las visitas de seguimiento.",
    "Valoramos la confianza y el trato personal; nuestro equipo dedica tiempo a escuchar su historia antes de recomendar un tratamiento.",
    "El equilibrio entre el cuerpo, la alimentación y el descanso forma parte de la tradición; lo incluimos en cada plan de recuperación.",
  ],
  zh: [
    "中医强调身体的整体平衡，我们的再生疗法同样关注身心的协调与恢复。",
    "预防胜于治疗：我们鼓励通过合理饮食、适度运动和充足睡眠来支持身体的自我修复。",
    "家人的陪伴是康复的重要力量，欢迎您的家人一同参与咨询和康复计划。",
  ],
};
