import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Flex, Form, type FormInstance, type FormProps } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { slugFromTitle } from "../../../shared/schemas/news";
import { useAdminNavigate, useUnsavedChanges } from "../navigation";
import { useScreenTitle } from "../current-screen";
import { useFeedback } from "../feedback";
import { C } from "../text-content";
import { PageHeader } from "./PageHeader";

/**
 * The pieces the full-page editors (services, news articles) share: the header with Back and View on
 * website, the form with its sticky Cancel / Save bar, and the editing state: unsaved changes guard the page, a new
 * record's slug follows its title until staff type one, and a save returns to the list.
 *
 * `record` is the record being edited (none for a new one). When it is read again with a newer save
 * (a version restored from its history), the form starts afresh from it: its fields are reset to the
 * form's initial values, which the editor derives from the record, and `onReload` drops what else the
 * editor holds (a chosen file). The editor stays mounted, so its history drawer stays open.
 */
export function useEditorState(
  form: FormInstance,
  record: { updatedAt: Date | string } | undefined,
  listPath: string,
  onReload?: () => void,
) {
  const isEdit = record !== undefined;
  const navigate = useAdminNavigate();
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  const slugFollowsTitle = useRef(!isEdit);

  const savedAt = record ? new Date(record.updatedAt).getTime() : null;
  const shownSave = useRef(savedAt);
  const reload = useRef(onReload);
  reload.current = onReload;
  useEffect(() => {
    if (savedAt === shownSave.current) return;
    shownSave.current = savedAt;
    form.resetFields();
    setDirty(false);
    reload.current?.();
  }, [savedAt, form]);

  useUnsavedChanges(dirty && !done);
  // After a save: first the guard is released (the hook above), then the list is shown.
  useEffect(() => {
    if (done) navigate(listPath);
  }, [done, navigate, listPath]);

  const markDirty = () => setDirty(true);
  return {
    /** Something was changed since the record was loaded (and not saved). */
    dirty,
    markDirty,
    saved: () => setDone(true),
    onValuesChange: (changed: { slug?: string; title?: string }) => {
      markDirty();
      if ("slug" in changed) slugFollowsTitle.current = !isEdit && !changed.slug;
      if ("title" in changed && slugFollowsTitle.current) form.setFieldValue("slug", slugFromTitle(changed.title ?? ""));
    },
  };
}

/** The editor's heading (its title is the screen's: "Add New Service", "Edit News Article"), Back, View and more. */
export function EditorHeader({
  subtitle,
  backTo,
  backLabel,
  view,
  actions,
}: {
  subtitle: string;
  backTo: string;
  backLabel: string;
  /** The record's public page, when it has one. */
  view?: { href: string; label: string } | null;
  /** More buttons for the record (its version history). */
  actions?: ReactNode;
}) {
  const navigate = useAdminNavigate();
  return (
    <PageHeader
      subtitle={subtitle}
      extra={
        <>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>
            {backLabel}
          </Button>
          {view ? (
            <Button icon={<ExportOutlined />} href={view.href} target="_blank" rel="noopener noreferrer">
              {view.label}
            </Button>
          ) : null}
          {actions}
        </>
      }
    />
  );
}

/**
 * An editor's form: vertical, named by the screen's title for screen readers, disabled while saving,
 * with the Cancel / Save bar (`actions`) at its end. A check that fails says so under `failedTitle`
 * ("Please correct the highlighted fields.") after the editor's own `onFinishFailed`.
 */
export function EditorForm<Values>({
  failedTitle,
  onFinishFailed,
  saving,
  actions,
  children,
  ...form
}: Omit<FormProps<Values>, "layout" | "disabled" | "children"> & {
  failedTitle: string;
  saving: boolean;
  actions: Omit<EditorActionsProps, "saving">;
  children: ReactNode;
}) {
  const title = useScreenTitle();
  const feedback = useFeedback();
  return (
    <Form<Values>
      layout="vertical"
      {...form}
      onFinishFailed={(failed) => {
        onFinishFailed?.(failed);
        feedback.error(failedTitle, C.common.checkFields);
      }}
      disabled={saving}
      aria-label={title}
    >
      {children}
      <EditorActions {...actions} saving={saving} />
    </Form>
  );
}

interface EditorActionsProps {
  cancelTo: string;
  cancelLabel: string;
  saveLabel: string;
  saving: boolean;
}

/** The Cancel / Save bar, kept in view at the bottom of a long form. */
function EditorActions({ cancelTo, cancelLabel, saveLabel, saving }: EditorActionsProps) {
  const navigate = useAdminNavigate();
  return (
    <Flex justify="flex-end" gap={8} className="editor-actions" style={{ marginTop: 24 }}>
      <Button onClick={() => navigate(cancelTo)} disabled={false}>
        {cancelLabel}
      </Button>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
        {saveLabel}
      </Button>
    </Flex>
  );
}
