import { useId, type ReactNode } from "react";
import { Icon } from "./Icon";
import { useModalDialog } from "./useModalDialog";

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
  const modal = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog {...modal} className={`dialog ${className}`} aria-labelledby={titleId} data-testid={testId}>
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
