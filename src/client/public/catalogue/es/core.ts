import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The core words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    nav: {
      home: "Inicio",
      about: "Nosotros",
      services: "Servicios",
      news: "Noticias",
      contact: "Contacto",
      bookNow: "Reserve ahora",
      bookAppointment: "Haga una cita",
      menu: "Abrir menú",
      closeMenu: "Cerrar menú",
      mainNavigation: "Navegación principal",
      skipToContent: "Saltar al contenido principal",
      callUs: (phone: string) => `Llámenos al ${phone}`,
      homeLink: `Página de inicio de ${BRAND}`,
    },
    footer: {
      quickLinks: "Enlaces rápidos",
      services: "Servicios",
      contact: "Contacto",
      privacyPolicy: "Política de privacidad",
      termsOfService: "Términos del servicio",
      adminPortal: "Portal administrativo",
      copyright: (year: number, clinicName: string) => `© ${year} ${clinicName}. Todos los derechos reservados.`,
      followUs: "Síganos",
      defaultDescription:
        `En ${BRAND} creemos en un enfoque plenamente regenerativo de la salud y el bienestar, que atiende las ` +
        `necesidades del cuerpo, la mente y el espíritu.`,
    },
    notFound: {
      title: "404: Página no encontrada",
      text: "Lo sentimos, no pudimos encontrar la página que buscaba.",
      home: "Ir a la página de inicio",
    },
    errors: {
      contentFetch: (status: number) => `No se pudo obtener el contenido: ${status}`,
      http: (status: number, body: string) => `${status}: ${body}`,
    },
    toast: {
      region: "Notificaciones (F8)",
      dismiss: "Cerrar la notificación",
    },
    images: {
      placeholderAlt: "Imagen no disponible",
    },
  },
  TS: {
    pageNotFoundDescription: "No pudimos encontrar la página que buscaba.",
  },
  L: {
    legalTitles: { privacy: "Política de privacidad", terms: "Términos y condiciones", hipaa: "Autorización HIPAA" },
    legalDateLine: (date: string) => `Fecha de vigencia: ${date}`,
    legalFailedTitle: "No se pudo cargar este texto",
    legalFailedText: "Inténtelo de nuevo en un momento, o llámenos y le enviaremos una copia.",
    weekdays: {
      monday: "Lunes",
      tuesday: "Martes",
      wednesday: "Miércoles",
      thursday: "Jueves",
      friday: "Viernes",
      saturday: "Sábado",
      sunday: "Domingo",
    },
    closed: "Cerrado",
    /** The heading of the clinic's holidays and special hours of the coming weeks, under its weekly hours. */
    specialHours: "Horario especial",
    /** A time of day from its hour (0-23) and minutes: "9:00 a. m.". */
    time: (hour: number, minutes: string) => `${hour % 12 || 12}:${minutes} ${hour < 12 ? "a. m." : "p. m."}`,
    /** A short date from its year, month (0-11) and day: "5 ene 2026". */
    shortDate: (year: number, month: number, day: number) =>
      `${day} ${["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"][month]} ${year}`,
    /** A legal text's effective date in words: "21 de mayo de 2025". */
    longDate: (year: number, month: number, day: number) =>
      `${day} de ${["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"][month]} ` +
      `de ${year}`,
    /** The name of the list of this page in each language (menu, footer). */
    languageNavigation: "Idioma",
    suggestionDismiss: "Cerrar",
    suggestionRegion: "Sugerencia de idioma",
  },
} satisfies Words;
