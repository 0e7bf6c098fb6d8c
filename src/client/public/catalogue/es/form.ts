import type { Words } from "../parts";

/** The inquiry form's messages in es (public-site.md section 5): loaded with the form's schema, when a visitor starts on the form. */
export const WORDS = {
  CM: {
    messages: {
      name: "El nombre debe tener al menos 2 caracteres.",
      nameMax: "El nombre debe tener 100 caracteres o menos.",
      email: "Ingrese una dirección de correo electrónico válida.",
      phone: "El número de teléfono celular es obligatorio.",
      phoneMax: "El número de teléfono celular debe tener 30 caracteres o menos.",
      servicesInterested: "Seleccione al menos un servicio que le interese.",
      serviceNotOffered: (name: string) => `"${name}" no es uno de los servicios que ofrecemos en este formulario. Elija uno de la lista.`,
      healthConditions: "La descripción de sus afecciones de salud debe tener 200 caracteres o menos.",
      privacyPolicy: "Debe aceptar nuestra Política de privacidad para continuar.",
      hipaaConsent: "Debe dar su consentimiento a la Autorización HIPAA para continuar.",
      termsAndConditions: "Debe aceptar nuestros Términos y condiciones para continuar.",
      days: "Elija los días de la lista.",
      times: "Elija los horarios de la lista.",
    },
  },
} satisfies Words;
