import { FALLBACK_ARTICLES } from "../../../../shared/fallback-news";
import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The news words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    news: {
      heading: "Últimas noticias y novedades",
      noImage: "Imagen no disponible",
      externalArticle: "Artículo externo",
      brandNews: `Noticias de ${BRAND}`,
      dateUnavailable: "Fecha no disponible",
      viewExternalSource: "Ver la fuente externa",
      readFullArticle: "Leer el artículo completo",
      allLoaded: "Ya se cargaron todos los artículos.",
      loadError: "No pudimos cargar los artículos más recientes. Inténtelo de nuevo más tarde.",
      refreshPage: "Actualizar la página",
      empty: "No hay artículos de noticias disponibles en este momento.",
      byline: (date: string) => `Por el equipo de ${BRAND} · ${date}`,
      externalNote: "Este artículo hace referencia a una investigación externa. Lea el estudio completo en su fuente original.",
      notFoundTitle: "Artículo no encontrado",
      notFoundText: "El artículo que busca no existe o fue eliminado.",
      articleNotFoundError: "Artículo no encontrado",
    },
  },
  TN: {
    /** The built-in articles the news pages show when the articles cannot be read (public-site.md section 8): English. */
    fallbackArticles: FALLBACK_ARTICLES,
    preview: {
      banner: "Vista previa: no es pública",
      explain:
        'Solo el personal que ha iniciado sesión ve esta página. Los visitantes verán aquí "Página no encontrada" ' +
        "hasta que se publique el artículo.",
    },
    list: {
      loading: "Cargando artículos",
      articlesLabel: "Artículos",
    },
    card: {
      opensInNewTab: "(se abre en una pestaña nueva)",
    },
    article: {
      loading: "Cargando el artículo",
      relatedLoading: "Cargando artículos relacionados",
    },
    notFound: {
      suggestions: "Quizás busca una de estas páginas:",
      sections: [
        { href: "/services", label: "Servicios", text: "Tratamientos con células madre, con ozono y otros tratamientos regenerativos" },
        { href: "/news", label: "Noticias", text: "Investigaciones, noticias de la clínica y guías para pacientes" },
        { href: "/about", label: "Nosotros", text: "Nuestro enfoque y nuestro equipo" },
        { href: "/contact", label: "Contacto", text: "Haga una cita o envíenos una pregunta" },
      ],
    },
  },
  TS: {
    newsTitle: "Últimas noticias y novedades",
    newsDescription:
      `Resúmenes de investigaciones, noticias de la clínica y guías prácticas sobre la terapia con células ` +
      `madre y con ozono, del equipo de ${BRAND} en Millcreek, Utah.`,
    articleNotFoundDescription: "El artículo que busca no existe o fue eliminado.",
  },
  D: {
    NEWS_HERO: {
      eyebrow: "Noticias e investigación",
      title: "Últimas noticias y novedades",
      intro: "Investigaciones, noticias de la clínica y guías prácticas de nuestro equipo.",
    },
    NEWS_ARTICLE_CTA: {
      title: "¿Tiene preguntas sobre la atención regenerativa?",
      text: "Nuestro equipo con gusto hablará con usted sobre sus opciones.",
      contactButton: "Contáctenos",
      bookButton: "Programe una consulta",
    },
    NEWS_ARTICLE: { backLink: "Volver a Noticias", sourceButton: "Ver la fuente original", relatedTitle: "Artículos relacionados" },
    NEWS_LIST: { loadMore: "Cargar más artículos" },
  },
} satisfies Words;
