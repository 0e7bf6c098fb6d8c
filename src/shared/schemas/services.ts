import { z } from "zod";
import { formBoolean, jsonOrForm, optionalFile, optionalImageUrl, recordId, requiredText, SLUG_PATTERN } from "./fields";
import { hasLanguages, inLanguage, nullableText, recordAnswer, recordTimes, uploadSize } from "./answers";

/** Service form (admin-portal.md section 5); the same rules for multipart and JSON callers. */
export const SERVICE_MESSAGES = {
  title: "Title is required",
  shortDescription: "Short description is required",
  description: "Description is required",
  imageAlt: "Image alt text is required",
  slug: "URL slug is required",
  slugPattern: "Slug must contain only lowercase letters, numbers, and hyphens",
} as const;

/**
 * A service page's sections, in the order the page shows them: what staff write beyond the description
 * (an overview, benefits, conditions treated, treatment steps, an FAQ, a call to action). Stored with
 * the service (services.sections, JSON), so they are versioned and restored with it.
 */
export const SERVICE_SECTION_KINDS = ["overview", "benefits", "conditions", "steps", "faq", "cta"] as const;
export type ServiceSectionKind = (typeof SERVICE_SECTION_KINDS)[number];

const sectionText = (message: string, max = 5000) => requiredText(message, max);
const sectionTitle = sectionText("Section title is required", 255);
const titledItems = z
  .array(z.object({ title: sectionText("Each item needs a title", 255), text: sectionText("Each item needs its text", 2000) }), {
    error: "Items must be a list",
  })
  .min(1, "Add at least one item")
  .max(30, "At most 30 items");

export const serviceSection = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("overview"),
      /** The small line above the title ("Understanding stem cell therapy"); may be blank. */
      eyebrow: z.string({ error: "Must be text" }).trim().max(255, "Must be 255 characters or less").default(""),
      title: sectionTitle,
      text: sectionText("Overview text is required"),
    }),
    z.object({ kind: z.literal("benefits"), title: sectionTitle, items: titledItems }),
    z.object({
      kind: z.literal("conditions"),
      title: sectionTitle,
      items: z
        .array(sectionText("Each condition needs its name", 255), { error: "Items must be a list" })
        .min(1, "Add at least one item")
        .max(30, "At most 30 items"),
    }),
    z.object({ kind: z.literal("steps"), title: sectionTitle, items: titledItems }),
    z.object({
      kind: z.literal("faq"),
      title: sectionTitle,
      items: z
        .array(
          z.object({ question: sectionText("Each question is required", 500), answer: sectionText("Each answer is required", 2000) }),
          { error: "Items must be a list" },
        )
        .min(1, "Add at least one item")
        .max(30, "At most 30 items"),
    }),
    z.object({
      kind: z.literal("cta"),
      text: sectionText("Call to action text is required", 500),
      button: sectionText("Button label is required", 100),
    }),
  ],
  { error: "Section kind must be overview, benefits, conditions, steps, faq or cta" },
);

export const serviceSections = z.array(serviceSection, { error: "Sections must be a list" }).max(20, "At most 20 sections");
export type ServiceSection = z.output<typeof serviceSection>;

/** JSON text (a multipart form's field, a stored version) becomes the value it holds; other input passes. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * Sections as a list, or as its JSON text (multipart callers, stored versions). Absent keeps a
 * service's current sections on an edit; a new service starts with none.
 */
const sectionsInput = z
  .preprocess(parsedJson, serviceSections)
  .optional()
  .describe(
    "The page's sections in order, each by its `kind`: overview, benefits, conditions, steps, faq, cta (a " +
      "list, or its JSON text in a multipart form)",
  );

/**
 * Whether the inquiry form offers the service; absent keeps it on an edit, and a new service is offered
 * unless staff take it off (issue 36: what the clinic adds is bookable from the form).
 */
const offeredInput = z.boolean({ error: "Must be true or false" }).optional();

export const serviceFields = z.object({
  title: requiredText(SERVICE_MESSAGES.title, 255, "Title must be 255 characters or less"),
  shortDescription: requiredText(SERVICE_MESSAGES.shortDescription, 500, "Short description must be 500 characters or less"),
  description: requiredText(SERVICE_MESSAGES.description),
  imageAlt: requiredText(SERVICE_MESSAGES.imageAlt, 255, "Image alt text must be 255 characters or less"),
  slug: requiredText(SERVICE_MESSAGES.slug, 255, "URL slug must be 255 characters or less").regex(
    SLUG_PATTERN,
    SERVICE_MESSAGES.slugPattern,
  ),
});

/**
 * The picture: an uploaded file, or the address of one uploaded before (the media picker's choice);
 * a file wins. Absent keeps the current picture on an edit; a blank imageUrl removes it.
 */
const servicePicture = {
  image: optionalFile,
  imageUrl: optionalImageUrl(1024, "Image must be a valid URL"),
  offeredOnContactForm: offeredInput,
  sections: sectionsInput,
};

/**
 * Published or Draft, as an article: a draft is on no public page, list, sitemap or form; staff preview
 * it at its address. A new service is published unless it says false; an edit without it keeps it.
 * Putting a service live needs the "publish" permission too.
 */
const publishedInput = z.boolean({ error: "Must be true or false" }).describe("Published (true) or Draft (false)");

export const serviceInput = jsonOrForm(
  serviceFields.extend({ ...servicePicture, isPublished: formBoolean(true).describe("Published (true, the default) or Draft (false)") }),
);
export const serviceUpdateInput = jsonOrForm(
  serviceFields.extend({ id: recordId, ...servicePicture, isPublished: publishedInput.optional() }),
);

export type ServiceFields = z.input<typeof serviceFields>;

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const serviceAnswer = recordAnswer({
  slug: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  imageUrl: nullableText,
  imageAlt: nullableText,
  imageSize: uploadSize,
  offeredOnContactForm: z.boolean().describe("Whether the inquiry form offers it"),
  isPublished: z.boolean().describe("Published, or a draft (on no public page; staff preview it)"),
  sections: serviceSections.describe("The page's sections, in the order it shows them"),
  ...recordTimes,
  ...inLanguage,
  ...hasLanguages,
}).meta({ id: "Service", description: "A treatment the clinic offers." });

export const serviceLinksAnswer = z
  .object({
    services: z
      .array(
        z.object({
          slug: z.string(),
          title: z.string(),
          offeredOnContactForm: z.boolean(),
          contactChoice: z
            .string()
            .describe(
              "The name the inquiry form sends for it (its English title): Book This Service adds it as a choice for " +
                "that visit when the form does not offer it",
            ),
          ...inLanguage,
        }),
      )
      .describe("Every service, in the site's order"),
    contactChoices: z
      .array(z.string())
      .describe("The inquiry form's service choices: the services offered on it, then General Consultation"),
    contactChoiceLabels: z
      .array(z.string())
      .optional()
      .describe(
        "With `lang`: each choice as the form shows it in that language (the inquiry is sent, and kept, with " +
          "`contactChoices`' English names)",
      ),
  })
  .meta({ id: "ServiceLinks", description: "The services' titles and addresses, and the inquiry form's choices." });
