import type { Words } from "../parts";

/** Las palabras de la página de búsqueda (issue 39): las mismas claves que en/search.ts. */
export const WORDS = {
  T: {
    search: {
      title: "Buscar",
      site: "Buscar en el sitio",
      lead: "Nuestros servicios y sus preguntas, nuestras noticias y nuestro equipo.",
      label: "Palabras que buscar",
      button: "Buscar",
      count: (count: number, query: string) => (count === 1 ? `1 resultado para «${query}»` : `${count} resultados para «${query}»`),
      none: (query: string) => `No se encontró nada para «${query}».`,
      noneHint: "Pruebe con otras palabras, o con menos.",
      tooLong: "Las palabras de búsqueda deben tener 200 caracteres o menos.",
      failed: "La búsqueda no está disponible en este momento. Inténtelo de nuevo en unos instantes.",
      writtenInEnglish: "Escrito en inglés",
      kinds: { service: "Servicio", faq: "Pregunta", news: "Noticias", team: "Nuestro equipo" },
      pages: "Páginas de resultados",
      previous: "Página anterior",
      next: "Página siguiente",
      pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
    },
  },
  TS: {
    searchTitle: "Buscar",
    searchDescription: "Busque en los servicios, las preguntas, las noticias y el equipo de la clínica.",
  },
} satisfies Words;
