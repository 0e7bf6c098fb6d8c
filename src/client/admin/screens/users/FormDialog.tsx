import { App, Form, Modal, type FormInstance } from "antd";
import { useState, type ReactNode } from "react";
import { useUnsavedChanges } from "../../navigation";
import { U } from "../../text-users";

/**
 * A dialog holding one form (admin-portal.md section 4: create and edit dialogs close and reset on
 * success and stay open on failure). The form is rebuilt at every opening (destroyOnHidden), so it
 * starts from `initialValues`. What staff typed is never dropped silently: a click outside does
 * nothing, and Cancel, the close button or Esc ask first once something was typed; leaving the page
 * asks too (the portal's unsaved-changes guard). Enter in a field submits.
 *
 * `onSubmit` returns true when the dialog may close; it may show server messages at fields through
 * the form instance it receives.
 */
export function FormDialog<Values extends object>({
  open,
  title,
  okText,
  okDanger,
  name,
  initialValues,
  onSubmit,
  onClose,
  children,
  width = 560,
}: {
  open: boolean;
  title: ReactNode;
  okText: string;
  okDanger?: boolean;
  /** Prefix of the field ids (labels point at them). */
  name: string;
  initialValues?: Partial<Values>;
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(open && dirty);

  const close = () => {
    setDirty(false);
    onClose();
  };
  const cancel = () => {
    if (saving) return;
    if (!dirty) return close();
    modal.confirm({
      title: U.common.discardTitle,
      content: U.common.discardText,
      okText: U.common.discardOk,
      okButtonProps: { danger: true },
      cancelText: U.common.discardCancel,
      onOk: close,
    });
  };
  const finish = async (values: Values) => {
    setSaving(true);
    try {
      if (await onSubmit(values, form)) close();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={U.common.cancel}
      onOk={() => form.submit()}
      onCancel={cancel}
      confirmLoading={saving}
      okButtonProps={{ danger: okDanger }}
      mask={{ closable: false }}
      destroyOnHidden
      width={width}
    >
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onFinish={finish}
        onValuesChange={() => setDirty(true)}
        disabled={saving}
        style={{ marginTop: 16 }}
      >
        {children}
        {/* Lets Enter in a text field submit the form (the dialog's OK button sits outside it). */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
