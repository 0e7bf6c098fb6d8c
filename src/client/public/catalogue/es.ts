import type { Catalogue } from "./en";
import { WORDS as CORE } from "./es/core";
import { WORDS as HOME } from "./es/home";
import { WORDS as ABOUT } from "./es/about";
import { WORDS as SERVICES } from "./es/services";
import { WORDS as NEWS } from "./es/news";
import { WORDS as CONTACT } from "./es/contact";
import { WORDS as LEGAL } from "./es/legal";
import { WORDS as FORM } from "./es/form";

/** The Spanish catalogue, put together from its parts (es/*.ts): the same keys as en.ts. */
export const ES: Catalogue = {
  T: { ...CORE.T, ...HOME.T, ...ABOUT.T, ...SERVICES.T, ...NEWS.T, ...CONTACT.T },
  TH: { ...HOME.TH, ...ABOUT.TH, ...SERVICES.TH },
  TN: { ...NEWS.TN },
  TC: { ...CONTACT.TC },
  TS: { ...CORE.TS, ...HOME.TS, ...ABOUT.TS, ...SERVICES.TS, ...NEWS.TS, ...CONTACT.TS, ...LEGAL.TS },
  D: { ...HOME.D, ...ABOUT.D, ...SERVICES.D, ...NEWS.D, ...CONTACT.D },
  CM: { ...CONTACT.CM, ...FORM.CM },
  L: { ...CORE.L },
};
