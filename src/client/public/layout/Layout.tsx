import { useCallback, useState, type ReactNode } from "react";
import { T } from "../text";
import { Drawer } from "./Drawer";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ScrollToTop } from "./ScrollToTop";

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
    </>
  );
}
