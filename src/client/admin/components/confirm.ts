import type { useAppProps } from "antd/es/app/context";
import { A } from "../text";

/** A delete confirmation dialog (admin-portal.md section 4: select, confirm, delete, refresh; cancel closes). */
export function confirmDelete(
  modal: useAppProps["modal"],
  options: { title: string; content: React.ReactNode; onConfirm: () => Promise<unknown> },
) {
  modal.confirm({
    title: options.title,
    content: options.content,
    okText: A.common.confirmDelete,
    okButtonProps: { danger: true },
    cancelText: A.common.cancel,
    onOk: options.onConfirm,
  });
}
