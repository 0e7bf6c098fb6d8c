import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Drawer } from "./Drawer";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";
import { T } from "../i18n";
import { languageToSuggest } from "../language";

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
 * The language suggestion ("Ver esta página en español"): once the page is up, and only when there is
 * a language to suggest (languageToSuggest), its code loads (language-suggestion.tsx); the server
 * renders nothing in its place.
 */
function LanguageSuggestionSlot() {
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    const language = languageToSuggest();
    if (!language) return;
    void import("../language-suggestion").then((module) => setView(() => () => <module.LanguageSuggestion language={language} />));
  }, []);
  return View ? <View /> : null;
}
