import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Drawer } from "./Drawer";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import { T } from "../i18n";

/** Header, main content and footer of every public page (the admin portal has its own entry). */
export function Layout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <>
      <a className="skip-link" href="#main">
        {T.nav.skipToContent}
      </a>
      <Header onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Drawer open={menuOpen} onClose={closeMenu} />
      <ScrollToTop />
      <LanguageSuggestionSlot />
    </>
  );
}

/**
 * The language suggestion ("Ver esta página en español"): its code loads once the page is up
 * (language-suggestion.tsx), as it shows only then; the server renders nothing in its place.
 */
function LanguageSuggestionSlot() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    void import("../language-suggestion").then((module) => setView(() => module.LanguageSuggestion));
  }, []);
  return View ? <View /> : null;
}
