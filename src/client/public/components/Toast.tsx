import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { T } from "../text";
import { Icon } from "./Icon";

/**
 * Toasts as the spec sets them (public-site.md section 9): one at a time, shown for 5 seconds, swipe
 * right (50px) to dismiss, F8 moves focus to the notifications, at most 420px wide on medium screens.
 * The timer pauses while the pointer or focus is on the toast.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "error";
}

interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

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
        <ol>{current ? <Toast key={current.id} toast={current} onDismiss={() => setCurrent(null)} /> : null}</ol>
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(TOAST_DURATION_MS);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onDismiss]);

  const isError = toast.variant === "error";
  return (
    <li
      className={`toast${isError ? " toast--error" : ""}`}
      role={isError ? "alert" : "status"}
      aria-live={isError ? "assertive" : "polite"}
      aria-atomic="true"
      data-testid="toast"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(event) => {
        startX.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
      }}
      onPointerUp={() => {
        if (offset >= SWIPE_THRESHOLD_PX) onDismiss();
        else setOffset(0);
        startX.current = null;
      }}
      onPointerCancel={() => {
        setOffset(0);
        startX.current = null;
      }}
    >
      <div>
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-text">{toast.description}</p> : null}
      </div>
      <button type="button" className="icon-btn" onClick={onDismiss} aria-label={T.toast.dismiss}>
        <Icon name="close" />
      </button>
    </li>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used within a ToastProvider");
  return useMemo(() => ({ toast: show }), [show]);
}
