import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { T } from "../i18n";
import type { ToastInput, ToastItem } from "./ToastView";

export type { ToastInput };

/**
 * Toasts as the spec sets them (public-site.md section 9): one at a time, shown for 5 seconds, swipe
 * right (50px) to dismiss, F8 moves focus to the notifications, at most 420px wide on medium screens.
 * The timer pauses while the pointer or focus is on the toast.
 */

/**
 * The toast itself: its code loads with the first toast (no page shows one before an interaction, so
 * it is not part of what a page loads before one; docs/performance.md, JavaScript per public page).
 */
const Toast = lazy(() => import("./ToastView"));

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLElement>(null);
  const show = useCallback((toast: ToastInput) => {
    setCurrent({ ...toast, id: nextId.current++ });
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* A named section is a landmark (axe's "region" rule: all content sits in one). */}
      <section ref={regionRef} className="toast-region" tabIndex={-1} aria-label={T.toast.region}>
        <ol>
          {current ? (
            <Suspense fallback={null}>
              <Toast key={current.id} toast={current} onDismiss={() => setCurrent(null)} />
            </Suspense>
          ) : null}
        </ol>
      </section>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a ToastProvider");
  return useMemo(() => ({ toast: show }), [show]);
}
