import type { Catalogue } from "./en";
import { joinParts } from "./parts";
import { WORDS as CORE } from "./es/core";
import { WORDS as HOME } from "./es/home";
import { WORDS as ABOUT } from "./es/about";
import { WORDS as SERVICES } from "./es/services";
import { WORDS as NEWS } from "./es/news";
import { WORDS as CONTACT } from "./es/contact";
import { WORDS as LEGAL } from "./es/legal";
import { WORDS as FORM } from "./es/form";
import { WORDS as SEARCH } from "./es/search";
import { WORDS as BOOKING } from "./es/booking";

/** The Spanish catalogue, put together from its parts (es/*.ts): the same keys as en.ts. */
export const ES: Catalogue = joinParts(CORE, HOME, ABOUT, SERVICES, NEWS, CONTACT, LEGAL, FORM, SEARCH, BOOKING);
