import type { Catalogue } from "./en";
import { joinParts } from "./parts";
import { WORDS as CORE } from "./zh/core";
import { WORDS as HOME } from "./zh/home";
import { WORDS as ABOUT } from "./zh/about";
import { WORDS as SERVICES } from "./zh/services";
import { WORDS as NEWS } from "./zh/news";
import { WORDS as CONTACT } from "./zh/contact";
import { WORDS as LEGAL } from "./zh/legal";
import { WORDS as FORM } from "./zh/form";
import { WORDS as SEARCH } from "./zh/search";
import { WORDS as BOOKING } from "./zh/booking";

/** The Simplified Chinese (zh-Hans) catalogue, put together from its parts (zh/*.ts): the same keys as en.ts. */
export const ZH: Catalogue = joinParts(CORE, HOME, ABOUT, SERVICES, NEWS, CONTACT, LEGAL, FORM, SEARCH, BOOKING);
