import { CONTACT_MESSAGES } from "../../../../shared/contact-messages";
import type { Words } from "../parts";

/** The inquiry form's messages in en (public-site.md section 5): loaded with the form's schema, when a visitor starts on the form. */
export const WORDS = {
  CM: {
    messages: CONTACT_MESSAGES,
  },
} satisfies Words;
