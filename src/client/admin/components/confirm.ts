import { App } from "antd";
import type { useAppProps } from "antd/es/app/context";
import { useCallback } from "react";
import { useSave, type Resource, type SaveStep } from "../save";
import { A } from "../text";
import { S } from "../text-site";

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

/**
 * Asks, then deletes a record of `resource` as every save does (toasts, and the refresh of the lists
 * and counts the deletion changes). `onDeleted` runs after a successful deletion.
 */
export function useConfirmDelete(resource: Resource) {
  const { modal } = App.useApp();
  const { run } = useSave(resource);
  return useCallback(
    <Result>(options: { title: string; content: React.ReactNode; onDeleted?: () => void } & Omit<SaveStep<Result>, "form">) =>
      confirmDelete(modal, {
        title: options.title,
        content: options.content,
        onConfirm: async () => {
          const done = await run(options);
          if (done.ok) options.onDeleted?.();
        },
      }),
    [modal, run],
  );
}

/**
 * The Delete of a record staff know by a name (team members, social links): asks the common question
 * about `name` (S.common.deleteQuestion) under `texts.deleteTitle`, then deletes record `id` through
 * `resource`'s router.
 */
export function useDeleteNamed(
  resource: "team" | "socialMedia",
  texts: { deleteTitle: string; deleted: string; deleteFailed: string },
  id: number,
  name: string,
) {
  const deleteAfterConfirm = useConfirmDelete(resource);
  return () =>
    deleteAfterConfirm({
      title: texts.deleteTitle,
      content: S.common.deleteQuestion(name),
      write: (api) => api[resource].delete.mutate({ id }),
      success: texts.deleted,
      failure: texts.deleteFailed,
    });
}
