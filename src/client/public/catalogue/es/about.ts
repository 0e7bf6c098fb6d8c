import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The about words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    about: {
      chooseLanguage: "Idioma",
    },
    team: {
      loadError: "No se pudieron cargar los datos del equipo. Inténtelo de nuevo más tarde.",
    },
  },
  TH: {
    about: {
      teamLoading: "Cargando el equipo",
      teamEmpty: "Pronto le presentaremos aquí a nuestro equipo.",
    },
  },
  TS: {
    aboutTitle: "Acerca de nosotros",
    aboutDescription:
      "Conozca a los profesionales clínicos de nuestra clínica de bienestar regenerativo en Millcreek, Utah: " +
      "nuestra misión, nuestro enfoque integral de la terapia con células madre y con ozono, y el equipo que " +
      "le atenderá.",
  },
  D: {
    ABOUT_MISSION: {
      eyebrow: "Quiénes somos",
      title: "Nuestra misión",
      paragraph1:
        "Nuestra misión es ofrecer una atención regenerativa cuidadosa y fundamentada en la evidencia, en un " +
        "entorno donde los pacientes se sientan escuchados, informados y respetados.",
      paragraph2:
        "Creemos que la buena atención es personal: tiempo para conversar de verdad, explicaciones claras y expectativas honestas.",
      paragraph3: "Con raíces en Millcreek, nos enorgullece atender a vecinos de todo el Salt Lake Valley.",
    },
    ABOUT_APPROACH: {
      eyebrow: "Cómo trabajamos",
      title: "Nuestro enfoque",
      content:
        "Vemos a la persona en su totalidad: cuerpo, mente y vida diaria. Primero hacemos una consulta y luego " +
        "un plan que ajustamos juntos a medida que usted sana.",
      button: "Conozca nuestro enfoque",
    },
    ABOUT_HEAD: {
      title: `Acerca de ${BRAND}`,
      intro:
        "Una clínica de bienestar regenerativo en Millcreek, Utah, basada en escuchar, explicar con claridad " +
        "y brindar una atención que cuida a la persona en su totalidad.",
    },
    ABOUT_INSIGHTS: {
      title: "Perspectivas culturales sobre el bienestar",
      intro:
        "Las tradiciones de bienestar influyen en la manera en que cada uno de nosotros sana. Elija un idioma " +
        "para leer algunas reflexiones de nuestro equipo de atención.",
    },
    ABOUT_TEAM: {
      eyebrow: "Nuestra gente",
      title: "Nuestro equipo",
      intro: "Profesionales clínicos con experiencia y un equipo de atención amable que se toma el tiempo de conocer a cada paciente.",
    },
  },
} satisfies Words;
