import { App, Button, Flex, Form, Modal, type FormInstance, type FormProps } from "antd";
import { useCallback, useId, useState, type ReactNode } from "react";
import { useUnsavedChanges } from "../navigation";
import { useFormSave, type Resource } from "../save";
import { A } from "../text";
import { S } from "../text-site";

/**
 * The portal's one create-or-edit dialog (admin-portal.md section 4: create and edit dialogs close and
 * reset on success and stay open on failure). Its content is built afresh at each opening (a closed
 * dialog is a reset one). What staff typed is never dropped silently: a click outside does nothing,
 * and Cancel, the close button or Esc ask first once something was typed; leaving the page asks too.
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
    <Modal
      open={open}
      title={title}
      onCancel={requestClose}
      footer={null}
      width={width}
      destroyOnHidden
      mask={{ closable: false }}
      keyboard={!busy}
    >
      <div style={{ paddingTop: 12 }}>{open ? children({ setDirty, setBusy, close, requestClose }) : null}</div>
    </Modal>
  );
}

/**
 * The form inside a FormDialog: vertical labels, disabled while saving, any change marks the dialog
 * dirty, and the Cancel / Save row at the bottom. `onFinish` resolves to true when the dialog may close.
 */
export function DialogForm<Values extends object>({
  form,
  controls,
  initialValues,
  onValuesChange,
  onFinish,
  onFinishFailed,
  saving,
  okText,
  okDanger,
  okDisabled,
  name,
  testId,
  children,
}: {
  form: FormInstance<Values>;
  controls: DialogControls;
  initialValues?: Partial<Values>;
  onValuesChange?: (changed: Partial<Values>) => void;
  onFinish: (values: Values) => Promise<boolean>;
  onFinishFailed?: FormProps<Values>["onFinishFailed"];
  saving: boolean;
  okText: string;
  okDanger?: boolean;
  okDisabled?: boolean;
  /** Prefix of the field ids (unique on the page; generated when not given). */
  name?: string;
  testId?: string;
  children: ReactNode;
}) {
  const generatedName = useId().replace(/:/g, "");
  const finish = async (values: Values) => {
    controls.setBusy(true);
    const done = await onFinish(values).finally(() => controls.setBusy(false));
    if (done) controls.close();
  };
  return (
    <Form<Values>
      form={form}
      name={name ?? generatedName}
      data-testid={testId}
      layout="vertical"
      disabled={saving}
      initialValues={initialValues}
      onValuesChange={(changed) => {
        controls.setDirty(true);
        onValuesChange?.(changed);
      }}
      onFinish={finish}
      onFinishFailed={onFinishFailed}
    >
      {children}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
        <Button onClick={controls.requestClose} disabled={saving}>
          {A.common.cancel}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={okDisabled} danger={okDanger}>
          {okText}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The form of a dialog and its save: `props` go to DialogForm (`{...props}`), `save(step)` writes
 * through the portal's one save and resolves to whether the dialog may close.
 */
export function useDialogForm<Values extends object>(resource: Resource, controls: DialogControls) {
  const [form] = Form.useForm<Values>();
  const { saving, save, upload } = useFormSave(resource, form);
  return { form, save, saving, upload, props: { form, controls, saving } };
}
