import { createCallerFactory, router } from "../trpc";
import { analyticsRouter } from "./analytics";
import { authRouter } from "./auth";
import { brandRouter } from "./brand";
import { bookingRouter } from "./booking";
import { contactRouter } from "./contact";
import { contentRouter } from "./content";
import { imagesRouter } from "./images";
import { legalRouter } from "./legal";
import { newsRouter } from "./news";
import { passkeysRouter } from "./passkeys";
import { redirectsRouter } from "./redirects";
import { rolesRouter } from "./roles";
import { searchRouter } from "./search";
import { servicesRouter } from "./services";
import { settingsRouter } from "./settings";
import { socialMediaRouter } from "./social-media";
import { systemRouter } from "./system";
import { teamRouter } from "./team";
import { testimonialsRouter } from "./testimonials";
import { translationsRouter } from "./translations";
import { uploadsRouter } from "./uploads";
import { usersRouter } from "./users";
import { versionsRouter } from "./versions";

/** One router per domain, named as the spec names the areas. */
export const appRouter = router({
  auth: authRouter,
  passkeys: passkeysRouter,
  services: servicesRouter,
  news: newsRouter,
  testimonials: testimonialsRouter,
  team: teamRouter,
  content: contentRouter,
  images: imagesRouter,
  uploads: uploadsRouter,
  socialMedia: socialMediaRouter,
  contact: contactRouter,
  booking: bookingRouter,
  users: usersRouter,
  roles: rolesRouter,
  settings: settingsRouter,
  system: systemRouter,
  versions: versionsRouter,
  legal: legalRouter,
  translations: translationsRouter,
  analytics: analyticsRouter,
  brand: brandRouter,
  redirects: redirectsRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
