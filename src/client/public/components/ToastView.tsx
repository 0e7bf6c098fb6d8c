import { useEffect, useRef, useState } from "react";
import { Icon } from "./Icon";
import { T } from "../i18n";

/** What a toast says (Toast.tsx says how toasts behave; useToast shows one). */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "error";
}

export interface ToastItem extends ToastInput {
  id: number;
}

/** One toast: a chunk of its own, loaded once the page is up. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export default function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
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
