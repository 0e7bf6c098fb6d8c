import { z } from "zod";
import { accentProblem } from "../brand";

/**
 * The clinic's brand (Settings > Brand, issue 36): its logo (SVG or PNG) in the public header, its
 * favicon (the sizes browsers and phones ask for, made from one upload) in every page's head, and an
 * accent colour for the public site's buttons and highlights. Nothing set: the site's own look.
 */

/** An accent colour as staff type it: #rrggbb (or #rgb), stored lowercase as #rrggbb; null for the site's own. */
export const accentColour = z
  .string({ error: "Please enter a colour like #0e5a61." })
  .trim()
  .transform((value) => value.toLowerCase())
  .transform((value) => (/^#[0-9a-f]{3}$/.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join("")}` : value))
  .refine((value) => /^#[0-9a-f]{6}$/.test(value), "Please enter a colour as # and six hexadecimal digits, like #0e5a61.")
  .superRefine((value, ctx) => {
    if (!/^#[0-9a-f]{6}$/.test(value)) return;
    const problem = accentProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const brandAccentInput = z.object({
  accentColor: accentColour.nullable().describe("#rrggbb, checked for contrast (WCAG AA); null for the site's own colour"),
});

// ---- answers

const file = z.object({ url: z.string(), width: z.int(), height: z.int() });

export const brandAnswer = z
  .object({
    accentColor: z.string().nullable().describe("The accent colour in use; null: the site's own"),
    accentHover: z.string().nullable().describe("Its hover shade"),
    logo: file.nullable().describe("The clinic's logo; null: the site's own"),
    favicon: z
      .object({
        icon32: z.string(),
        appleTouch: z.string().describe("180 x 180"),
        icon192: z.string(),
        icon512: z.string(),
      })
      .nullable()
      .describe("The favicon's sizes (PNG); null: the site's own"),
  })
  .meta({ id: "Brand", description: "The clinic's logo, favicon and accent colour (Settings > Brand)." });
export type Brand = z.output<typeof brandAnswer>;
