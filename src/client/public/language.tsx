import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { findLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, pickInitialLanguage, type Language } from "../../shared/languages";

/**
 * The language choice (public-site.md section 4). The server renders English; after hydration the
 * saved choice, else the browser's language, applies (so the first client render matches the HTML).
 */
interface LanguageState {
  language: Language;
  languages: Language[];
  setLanguage: (code: Language["code"]) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [code, setCode] = useState<Language["code"]>("en");

  useEffect(() => {
    let saved: string | null = null;
    try {
      saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      // Storage may be blocked (private mode); fall back to the browser's language.
    }
    setCode(pickInitialLanguage(saved, navigator.languages ?? [navigator.language]));
  }, []);

  const setLanguage = useCallback((next: Language["code"]) => {
    setCode(next);
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Not saved when storage is blocked; the choice still applies to this visit.
    }
  }, []);

  const language = findLanguage(code) ?? LANGUAGES[0]!;
  return <LanguageContext.Provider value={{ language, languages: LANGUAGES, setLanguage }}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error("useLanguage must be used within a LanguageProvider");
  return state;
}
