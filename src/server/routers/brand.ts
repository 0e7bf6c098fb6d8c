import { z } from "zod";
import { brandAccentInput, brandAnswer } from "../../shared/schemas/brand";
import { jsonOrForm } from "../../shared/schemas/fields";
import { actorOf } from "../services/activity";
import { BRAND_MESSAGES, getBrand, removeBrandPart, setAccent, setFavicon, setLogo } from "../services/brand";
import { permitted, publicProcedure, router } from "../trpc";
import { door, publicRead } from "./doors";

/** Settings > Brand (issue 36): the clinic's logo, favicon and accent colour; the pages read them on every page. */
const tag = "Settings and mail";
const brandProcedure = permitted("settings.manage");
const fileOf = (message: string) => z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, message);

/** Multipart field `logo`: an SVG or PNG. */
export const brandLogoInput = jsonOrForm(z.object({ logo: fileOf(BRAND_MESSAGES.notLogo) }));
/** Multipart field `favicon`: an SVG or PNG. */
export const brandFaviconInput = jsonOrForm(z.object({ favicon: fileOf(BRAND_MESSAGES.notFavicon) }));

export const brandRouter = router({
  /** What every public page reads: the logo, the favicon's sizes and the accent colour (null: the site's own). */
  site: publicProcedure
    .meta(
      publicRead("/brand", "The clinic's brand", "The logo, the favicon's sizes and the accent colour; null where the site's own is used."),
    )
    .output(brandAnswer)
    .query(({ ctx }) => getBrand(ctx.deps.db)),
  setLogo: brandProcedure
    .meta(
      door("put", tag, "/admin/brand/logo", "Upload the clinic's logo", "The brand now.", {
        description:
          "An SVG (sanitized: no scripts, event handlers or external references) or a PNG (re-encoded, at most 1024 px). " +
          "The public header shows it.",
        multipart: "only",
        errors: [413, 415],
      }),
    )
    .input(brandLogoInput)
    .output(brandAnswer)
    .mutation(({ ctx, input }) => setLogo(ctx.deps.db, actorOf(ctx), input.logo)),
  setFavicon: brandProcedure
    .meta(
      door("put", tag, "/admin/brand/favicon", "Upload the favicon", "The brand now.", {
        description: "An SVG (sanitized) or a PNG, from which PNGs of 32, 180 (Apple touch icon), 192 and 512 px are made.",
        multipart: "only",
        errors: [413, 415],
      }),
    )
    .input(brandFaviconInput)
    .output(brandAnswer)
    .mutation(({ ctx, input }) => setFavicon(ctx.deps.db, actorOf(ctx), input.favicon)),
  setAccent: brandProcedure
    .meta(
      door("put", tag, "/admin/brand/accent", "Set the accent colour", "The brand now.", {
        description:
          "A colour as #rrggbb, refused (400, with the contrast it has) unless white text on it and it as text on the " +
          "page's background reach WCAG AA's 4.5:1; null goes back to the site's own.",
      }),
    )
    .input(brandAccentInput)
    .output(brandAnswer)
    .mutation(({ ctx, input }) => setAccent(ctx.deps.db, actorOf(ctx), input.accentColor)),
  removeLogo: brandProcedure
    .meta(door("delete", tag, "/admin/brand/logo", "Remove the clinic's logo", "The brand now (the site's own logo in its place)."))
    .output(brandAnswer)
    .mutation(({ ctx }) => removeBrandPart(ctx.deps.db, actorOf(ctx), "logo")),
  removeFavicon: brandProcedure
    .meta(door("delete", tag, "/admin/brand/favicon", "Remove the favicon", "The brand now (the site's own icon in its place)."))
    .output(brandAnswer)
    .mutation(({ ctx }) => removeBrandPart(ctx.deps.db, actorOf(ctx), "favicon")),
});
