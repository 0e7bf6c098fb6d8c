import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from "react";

/**
 * The wiring shared by every modal on the native <dialog> element (dialogs and the menu drawer):
 * showModal/close follow `open`, Escape and a click on the overlay call onClose. The browser traps
 * focus inside and gives it back to the opener on close.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onClose,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    // A click on the <dialog> element itself (not its content) is a click on the overlay.
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === ref.current) onClose();
    },
  };
}
