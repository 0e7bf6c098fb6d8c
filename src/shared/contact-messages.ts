/**
 * The inquiry form's messages (public-site.md section 5), in the spec's English: the schema's
 * (schemas/contact.ts) and the server's. A page shows each in its own language (its catalogue's CM
 * messages, issue 27). Apart from the choices (contact-choices.ts) so that a page that shows the form
 * does not carry them before the schema loads.
 */
export const CONTACT_MESSAGES = {
  name: "Name must be at least 2 characters.",
  nameMax: "Name must be 100 characters or less.",
  email: "Please enter a valid email address.",
  phone: "Mobile phone number is required.",
  phoneMax: "Mobile phone number must be 30 characters or less.",
  servicesInterested: "Please select at least one service you are interested in.",
  serviceNotOffered: (name: string) => `"${name}" is not one of the services we offer on this form. Please choose from the list.`,
  healthConditions: "Health conditions must be 200 characters or less.",
  privacyPolicy: "You must agree to our Privacy Policy to continue.",
  hipaaConsent: "You must consent to the HIPAA Authorization to continue.",
  termsAndConditions: "You must agree to our Terms and Conditions to continue.",
  days: "Please choose days from the list.",
  times: "Please choose times from the list.",
} as const;

/**
 * A message of the form's schema (the spec's English) in the words of a page's catalogue (issue 27):
 * the same key in `local`; a message that is no key's stays as it is. The service that is no longer
 * offered names itself, in either language.
 */
export function localizedContactMessage(
  message: string,
  local: { [K in keyof typeof CONTACT_MESSAGES]: (typeof CONTACT_MESSAGES)[K] extends string ? string : (name: string) => string },
): string {
  for (const [key, english] of Object.entries(CONTACT_MESSAGES) as Array<
    [keyof typeof CONTACT_MESSAGES, string | ((name: string) => string)]
  >) {
    if (typeof english === "string") {
      if (english === message) return local[key] as string;
    } else {
      const name = /^"(.*)" is not one of the services/.exec(message)?.[1];
      if (name !== undefined && english(name) === message) return (local[key] as (name: string) => string)(name);
    }
  }
  return message;
}
