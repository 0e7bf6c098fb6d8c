import type { inferRouterOutputs } from "@trpc/server";
import { App, Button, Flex, Modal, Result, Tag } from "antd";
import { useCallback, useState, type CSSProperties, type ReactNode } from "react";
import type { FormInstance } from "antd";
import { applyServerFieldErrors } from "../../forms";
import { httpStatus, serverMessage, useFeedback } from "../../feedback";
import { useUnsavedChanges } from "../../navigation";
import { A } from "../../text";
import { S } from "../../text-site";
import type { AppRouter } from "../../../../server/routers";

/** What the procedures answer (dates arrive as Date objects). */
export type Outputs = inferRouterOutputs<AppRouter>;

/**
 * Small pieces the site-editing screens (testimonials, team, content, images, social media) share:
 * the "discard your changes?" question, a form dialog that asks it before closing with unsaved input,
 * and the list error line. (They live here because those screens' folders are their only home; they
 * could move to ../../components if other screens want them.)
 */

type ModalApi = ReturnType<typeof App.useApp>["modal"];

/** Asks before throwing away unsaved input; runs `discard` at once when nothing was typed. */
export function confirmDiscard(modal: ModalApi, dirty: boolean, discard: () => void) {
  if (!dirty) return discard();
  modal.confirm({
    title: S.common.discardTitle,
    content: S.common.discardText,
    okText: S.common.discard,
    okButtonProps: { danger: true },
    cancelText: S.common.keepEditing,
    onOk: discard,
  });
}

export interface DialogControls {
  /** Report whether the form holds unsaved input (the dialog asks before closing then). */
  setDirty: (dirty: boolean) => void;
  /** Report a save in progress (the dialog cannot be closed meanwhile). */
  setBusy: (busy: boolean) => void;
  /** Close after a successful save, without asking. */
  close: () => void;
  /** Close as Cancel does: asks first when something is unsaved. */
  requestClose: () => void;
}

/**
 * A create or edit dialog. Its content is built afresh each time it opens (so a closed dialog is a reset
 * one); closing with unsaved input asks first, and leaving the page meanwhile too.
 */
export function FormDialog({
  open,
  title,
  onClose,
  width = 640,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  width?: number;
  children: (controls: DialogControls) => ReactNode;
}) {
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(open && dirty);

  const close = useCallback(() => {
    setDirty(false);
    setBusy(false);
    onClose();
  }, [onClose]);
  const requestClose = useCallback(() => {
    if (busy) return;
    confirmDiscard(modal, dirty, close);
  }, [busy, modal, dirty, close]);

  return (
    <Modal open={open} title={title} onCancel={requestClose} footer={null} width={width} destroyOnHidden mask={{ closable: !busy }} keyboard={!busy}>
      <div style={{ paddingTop: 12 }}>{open ? children({ setDirty, setBusy, close, requestClose }) : null}</div>
    </Modal>
  );
}

/** The Cancel / Save row at the bottom of a form dialog (the form's own submit button). */
export function DialogFooter({ saving, okText, onCancel, disabled }: { saving: boolean; okText: string; onCancel: () => void; disabled?: boolean }) {
  return (
    <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
      <Button onClick={onCancel} disabled={saving}>
        {A.common.cancel}
      </Button>
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled}>
        {okText}
      </Button>
    </Flex>
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** A failed list read as the spec words it: "HTTP {status}: {statusText}" (a network failure gives its own message). */
export function listErrorText(error: unknown): string {
  const status = httpStatus(error);
  if (status) return A.common.listError(status, STATUS_TEXT[status] ?? "Error");
  return error instanceof Error && error.message ? error.message : A.common.error;
}

/** The in-page state of a list that failed to load, with a way to try again. */
export function ListError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={listErrorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {S.common.retry}
        </Button>
      }
    />
  );
}

/** Badge colours with dark text (antd's preset tag colours are too light to read, WCAG AA 4.5:1). */
const TONES = {
  blue: { background: "#e6f4ff", borderColor: "#91caff", color: "#003a8c" },
  cyan: { background: "#e6fffb", borderColor: "#87e8de", color: "#00474f" },
  indigo: { background: "#f0f5ff", borderColor: "#adc6ff", color: "#10239e" },
  purple: { background: "#f9f0ff", borderColor: "#d3adf7", color: "#391085" },
  green: { background: "#f6ffed", borderColor: "#b7eb8f", color: "#135200" },
  grey: { background: "#f5f5f5", borderColor: "#d9d9d9", color: "#434343" },
} satisfies Record<string, CSSProperties>;

export function SoftTag({ tone, children, strong }: { tone: keyof typeof TONES; children: ReactNode; strong?: boolean }) {
  return <Tag style={{ ...TONES[tone], margin: 0, fontWeight: strong ? 600 : undefined }}>{children}</Tag>;
}

/** Thrown by a save step that has already told the user what went wrong (e.g. a failed photo upload). */
export class AbortSave extends Error {}

/**
 * The save of a create or edit dialog: busy while it runs; on success the toast, the list refresh and
 * the close; on failure the server's messages at their fields and the failure toast, the dialog open.
 */
export function useDialogSave<Values>(form: FormInstance<Values>, controls: DialogControls) {
  const feedback = useFeedback();
  const [saving, setSaving] = useState(false);
  const run = async (step: { write: () => Promise<unknown>; success: string; failure: string; refresh: () => unknown }) => {
    setSaving(true);
    controls.setBusy(true);
    try {
      await step.write();
      feedback.success(step.success);
      void step.refresh();
      controls.close();
    } catch (error) {
      if (error instanceof AbortSave) return;
      applyServerFieldErrors(form, error);
      feedback.error(step.failure, serverMessage(error) ?? undefined);
    } finally {
      setSaving(false);
      controls.setBusy(false);
    }
  };
  return { saving, run };
}
