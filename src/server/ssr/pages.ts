import type { PageSource } from "../../client/public/pages/registry";
import type { PublicRouteKey } from "../../client/public/routes";
import { AboutPage } from "../../client/public/pages/AboutPage";
import { ContactPage } from "../../client/public/pages/ContactPage";
import { HomePage } from "../../client/public/pages/HomePage";
import { NewsArticlePage } from "../../client/public/pages/NewsArticlePage";
import { NewsPage } from "../../client/public/pages/NewsPage";
import { NotFoundPage } from "../../client/public/pages/NotFoundPage";
import { ServiceDetailPage } from "../../client/public/pages/ServiceDetailPage";
import { ServicesPage } from "../../client/public/pages/ServicesPage";

/** The server renders every page synchronously: all page modules, imported statically. */
const PAGES: Record<PublicRouteKey, ReturnType<PageSource>> = {
  home: HomePage,
  about: AboutPage,
  services: ServicesPage,
  service: ServiceDetailPage,
  news: NewsPage,
  article: NewsArticlePage,
  contact: ContactPage,
  notFound: NotFoundPage,
};

export const serverPageSource: PageSource = (key) => PAGES[key];
