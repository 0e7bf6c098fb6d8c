import type { ClinicDetails } from "../../../../shared/clinic";
import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The contact words of the es catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    contact: {
      location: "Ubicación",
      phone: "Teléfono",
      email: "Correo electrónico",
      hours: "Horario",
      submit: "Enviar solicitud",
      sending: "Enviando...",
      clearForm: "Borrar formulario",
      successTitle: "¡Mensaje enviado correctamente!",
      successText: "Gracias por su solicitud. Nos comunicaremos con usted en un plazo de 24 horas.",
      errorTitle: "Error al enviar el mensaje",
      errorText: "Inténtelo de nuevo o comuníquese directamente con nosotros.",
      fields: {
        name: "Nombre completo",
        email: "Correo electrónico",
        phone: "Teléfono celular",
        services: "Servicios que le interesan",
        days: "Días preferidos",
        times: "Horarios preferidos",
        healthConditions: "Afecciones de salud (opcional)",
        healthConditionsHint: "Describa brevemente cualquier afección que quiera que conozcamos (hasta 200 caracteres).",
        optInTexting: "Sí, pueden enviarme recordatorios de citas y novedades por mensaje de texto.",
        // Followed by a link with the text's title: "Acepto la Política de privacidad".
        privacyPolicy: "Acepto la",
        // Must contain L.legalTitles.hipaa ("Autorización HIPAA"): the form makes it a link.
        hipaaConsent:
          "Doy mi consentimiento a la Autorización HIPAA para el uso y la divulgación de mi información médica " +
          "con el fin de responder a mi solicitud.",
        // "Acepto los Términos y condiciones".
        termsAndConditions: "Acepto los",
        required: "obligatorio",
      },
      map: {
        showMap: "Mostrar el mapa interactivo",
        notice: "El mapa interactivo lo proporciona OpenStreetMap y solo se carga cuando usted lo pide.",
        directions: "Cómo llegar",
        frameTitle: `Mapa de ${BRAND}`,
      },
    },
  },
  TC: {
    hero: {
      callLink: (phone: string) => `Llame al ${phone}`,
    },
    form: {
      requiredNote: "Los campos marcados con * son obligatorios.",
      aboutYou: "Sus datos",
      interests: "Cómo podemos ayudarle",
      availability: "Cuándo le conviene",
      availabilityHint: "Opcional. Elija las opciones que le convengan y le sugeriremos un horario.",
      servicesHint: "Elija uno o más.",
      charCount: (count: number, max: number) => `${count}/${max}`,
      charCountSuffix: " caracteres usados",
      confidential:
        "Confidencial: se envía por una conexión cifrada, se guarda cifrado y solo lo lee el equipo de atención " +
        "que responde a su solicitud. Lo que prefiera no escribir, podemos hablarlo por teléfono.",
      textingHint: "Opcional. Pueden aplicarse tarifas de mensajes y datos; responda STOP en cualquier momento para dejar de recibirlos.",
      consents: "Consentimientos",
      privacyPolicy: "Política de privacidad",
      termsAndConditions: "Términos y condiciones",
      throttledTitle: "Su solicitud no se envió.",
      honeypot: "Deje este campo vacío",
    },
    details: {
      socialLabel: "Síganos en las redes sociales",
      newTab: " (se abre en una pestaña nueva)",
    },
    map: {
      fallbackAlt: "Mapa ilustrado que muestra la clínica cerca de Highland Drive, Millcreek, UT 84124",
    },
  },
  TS: {
    contactTitle: "Haga una cita",
    contactDescription: (clinic: ClinicDetails | undefined) =>
      `Envíe una solicitud de cita a ${clinic ? `${clinic.name} en ${`${clinic.city}, ${clinic.state} ${clinic.zip}`}` : BRAND}. Pregunte por la terapia con células madre, la terapia con ozono o una consulta general; respondemos ` +
      `en un plazo de 24 horas.`,
  },
  D: {
    CONTACT_HERO: {
      eyebrow: "Contacto",
      title: "Haga una cita",
      intro: "Envíenos algunos datos y un miembro de nuestro equipo se comunicará con usted en un plazo de 24 horas.",
      responsePromise: "Respondemos en un plazo de 24 horas",
      confidential: "Sus datos se mantienen confidenciales",
      callPrompt: "¿Prefiere hablarlo por teléfono?",
    },
    CONTACT_FORM: { title: "Escríbanos hoy" },
    CONTACT_DETAILS: {
      title: "Comuníquese con nosotros",
      intro: "¿Tiene preguntas antes de hacer su cita? Con gusto le ayudamos.",
      followTitle: "Síganos",
    },
    CONTACT_MAP: { title: "Encuéntrenos" },
  },
  CM: {
    times: {
      morning: "Mañana (8 a. m. - 12 p. m.)",
      afternoon: "Tarde (12 p. m. - 5 p. m.)",
    },
    generalConsultation: "Consulta general",
  },
} satisfies Words;
