import type { Catalogue } from "./en";
import { WORDS as CORE } from "./zh/core";
import { WORDS as HOME } from "./zh/home";
import { WORDS as ABOUT } from "./zh/about";
import { WORDS as SERVICES } from "./zh/services";
import { WORDS as NEWS } from "./zh/news";
import { WORDS as CONTACT } from "./zh/contact";
import { WORDS as LEGAL } from "./zh/legal";
import { WORDS as FORM } from "./zh/form";

/** The Simplified Chinese (zh-Hans) catalogue, put together from its parts (zh/*.ts): the same keys as en.ts. */
export const ZH: Catalogue = {
  T: { ...CORE.T, ...HOME.T, ...ABOUT.T, ...SERVICES.T, ...NEWS.T, ...CONTACT.T },
  TH: { ...HOME.TH, ...ABOUT.TH, ...SERVICES.TH },
  TN: { ...NEWS.TN },
  TC: { ...CONTACT.TC },
  TS: { ...CORE.TS, ...HOME.TS, ...ABOUT.TS, ...SERVICES.TS, ...NEWS.TS, ...CONTACT.TS, ...LEGAL.TS },
  D: { ...HOME.D, ...ABOUT.D, ...SERVICES.D, ...NEWS.D, ...CONTACT.D },
  CM: { ...CONTACT.CM, ...FORM.CM },
  L: { ...CORE.L },
};
