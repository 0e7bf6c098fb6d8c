import type { ClinicDetails } from "../../shared/clinic";
import type { LegalKind } from "../../shared/legal";
import type { ServiceSection } from "../../shared/schemas/services";

/**
 * The shape of the seeded site's Spanish and Simplified Chinese (issue 27, item 6): one module per
 * language (seed-translations-es.ts, seed-translations-zh.ts), written for a clinic's patients in
 * that language, not word for word. The first start writes them as published translations whose
 * source is the seeded English (src/server/db/seed.ts). Testimonials stay in the patient's words:
 * nothing here translates them.
 */
export interface SeedServiceTranslation {
  title: string;
  shortDescription: string;
  description: string;
  imageAlt: string;
  /** Same kinds, in the same order, as the English service's sections (empty when it has none). */
  sections: ServiceSection[];
}

export interface SeedArticleTranslation {
  title: string;
  summary: string;
  /** HTML, the same tags as the English; null where the English article is an external link. */
  content: string | null;
  thumbnailAlt: string;
  metaTitle: string;
  metaDescription: string;
}

export interface SeedTeamTranslation {
  role: string;
  bio: string;
}

export interface SeedTranslations {
  /** By service slug (SEED_SERVICES). */
  services: Record<string, SeedServiceTranslation>;
  /** By article slug (seedNewsArticles). */
  news: Record<string, SeedArticleTranslation>;
  /** By the team member's name as seeded (SEED_TEAM): the name itself is not translated. */
  team: Record<string, SeedTeamTranslation>;
  /** By "page/section/key" of every SEED_CONTENT item (the footer's item is HTML like its English). */
  content: Record<string, string>;
  /** Website images' alt texts by "page/section/key" (SEED_IMAGES). */
  imageAlts: Record<string, string>;
  /** Each legal text's version 1 in this language, with the clinic's details of the first start. */
  legal(clinic: ClinicDetails): Record<LegalKind, { html: string }>;
}
