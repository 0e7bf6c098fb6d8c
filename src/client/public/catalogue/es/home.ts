import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The home words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    testimonials: {
      loadError: "No se pudieron cargar los testimonios. Inténtelo de nuevo más tarde.",
      empty: "No hay testimonios disponibles en este momento.",
      readMore: "Leer más",
      previous: "Testimonios anteriores",
      next: "Testimonios siguientes",
      rating: (rating: number) => `Calificación: ${rating} de 5`,
      close: "Cerrar",
    },
  },
  TH: {
    testimonials: {
      region: "Testimonios de pacientes",
      loading: "Cargando testimonios",
      pageIndicator: (page: number, total: number) => `${page} / ${total}`,
      readMoreLabel: (name: string) => `Leer más de ${name}`,
      incentive: (what: string) => `Recibió lo siguiente a cambio de este testimonio: ${what}`,
      /** Under a testimonial shown in the clinic's translation (the patient wrote it in English). */
      translated: "Traducido por la clínica del inglés original del paciente",
      /** Under a testimonial shown as the patient wrote it, in another language than the page's (its words are marked lang). */
      writtenIn: { en: "Escrito en inglés", es: "Escrito en español", zh: "Escrito en chino" },
    },
  },
  TS: {
    homeTitle: `${BRAND} | Terapia con células madre y con ozono en Millcreek, Utah`,
    homeDescription:
      "Terapia regenerativa con células madre y con ozono en Millcreek, Utah. Atención dirigida por profesionales " +
      "clínicos que apoya la curación natural de su cuerpo. Conozca nuestros tratamientos y programe una consulta.",
  },
  D: {
    HOME_HERO: {
      eyebrow: "Millcreek, Utah",
      title: "Bienestar regenerativo en Millcreek, Utah",
      subtitle:
        "Terapias con células madre y con ozono guiadas por profesionales clínicos con experiencia, para ayudar " +
        "a su cuerpo a sanar por sí mismo.",
      bookButton: "Haga una cita",
      browseButton: "Conozca nuestros servicios",
    },
    HOME_WELCOME: {
      eyebrow: "Bienvenidos",
      title: `Bienvenidos a ${BRAND}`,
      paragraph1:
        "Somos una clínica de bienestar regenerativo en Millcreek, Utah, y ayudamos a las personas a moverse, " +
        "recuperarse y sentirse mejor con tratamientos que trabajan con los procesos de curación naturales del " +
        "cuerpo.",
      paragraph2:
        "Cada plan empieza por escuchar: nos tomamos el tiempo de entender su historial y sus metas, y le explicamos " +
        "sus opciones con palabras claras.",
      link: "Conozca más sobre nuestro enfoque",
    },
    HOME_CTA: {
      title: "¿Quiere comenzar su camino hacia el bienestar?",
      text: "Cuéntenos un poco sobre sus metas y nos comunicaremos con usted en un plazo de 24 horas para planear su consulta.",
      bookButton: "Programe su cita",
      contactButton: "Contáctenos",
    },
    HOME_SERVICES: {
      eyebrow: "Tratamientos",
      title: "Nuestros servicios",
      intro: "Tratamientos regenerativos pensados para usted y brindados con esmero.",
      button: "Reserve su servicio",
    },
    HOME_TESTIMONIALS: {
      eyebrow: "Testimonios",
      title: "Lo que dicen nuestros pacientes",
      intro: "Experiencias compartidas por pacientes de todo el Salt Lake Valley.",
    },
  },
} satisfies Words;
