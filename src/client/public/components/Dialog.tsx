import { useEffect, useId, useRef, type ReactNode } from "react";
import { Icon } from "./Icon";

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and gives
 * focus back to the element that opened it. A click on the overlay closes it too.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  closeLabel = "Close",
  className = "",
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  closeLabel?: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the overlay.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog-inner">
          <div className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-btn" onClick={onClose} aria-label={closeLabel}>
              <Icon name="close" />
            </button>
          </div>
          <div className="dialog-body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
