import { App } from "antd";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useLocation } from "wouter";
import { A } from "./text";

/**
 * Navigation inside the portal, with the guard editors need: while a form has unsaved changes,
 * leaving (sidebar, Back, Cancel, closing the tab) asks first.
 */
interface Guard {
  setDirty: (key: string, dirty: boolean) => void;
  navigate: (to: string) => void;
}

const GuardContext = createContext<Guard | null>(null);

export function NavigationGuardProvider({ children }: { children: ReactNode }) {
  const [, setLocation] = useLocation();
  const { modal } = App.useApp();
  const dirty = useRef(new Set<string>());

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current.size > 0) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  const navigate = useCallback(
    (to: string) => {
      if (dirty.current.size === 0) return setLocation(to);
      modal.confirm({
        title: A.common.unsavedChanges,
        okText: A.common.yes,
        cancelText: A.common.no,
        onOk: () => {
          dirty.current.clear();
          setLocation(to);
        },
      });
    },
    [modal, setLocation],
  );
  const setDirty = useCallback((key: string, value: boolean) => {
    if (value) dirty.current.add(key);
    else dirty.current.delete(key);
  }, []);
  const value = useMemo(() => ({ navigate, setDirty }), [navigate, setDirty]);
  return <GuardContext.Provider value={value}>{children}</GuardContext.Provider>;
}

/** navigate(to) inside /admin ("/services" -> /admin/services), asking first when something is unsaved. */
export function useAdminNavigate(): (to: string) => void {
  const guard = useContext(GuardContext);
  if (!guard) throw new Error("useAdminNavigate must be used within the admin portal");
  return guard.navigate;
}

/** Marks the calling editor dirty while `dirty` is true (and clean when it unmounts). */
export function useUnsavedChanges(dirty: boolean) {
  const guard = useContext(GuardContext);
  const key = useRef(Math.random().toString(36).slice(2)).current;
  useEffect(() => {
    guard?.setDirty(key, dirty);
    return () => guard?.setDirty(key, false);
  }, [guard, key, dirty]);
}
