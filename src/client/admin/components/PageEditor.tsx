import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Flex, type FormInstance } from "antd";
import { useEffect, useRef, useState } from "react";
import { slugFromTitle } from "../../../shared/schemas/news";
import { useAdminNavigate, useUnsavedChanges } from "../navigation";
import { PageHeader } from "./PageHeader";

/**
 * The pieces the full-page editors (services, news articles) share: the header with Back and View on
 * website, the sticky Cancel / Save bar, and the editing state: unsaved changes guard the page, a new
 * record's slug follows its title until staff type one, and a save returns to the list.
 */
export function useEditorState(form: FormInstance, isEdit: boolean, listPath: string) {
  const navigate = useAdminNavigate();
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  const slugFollowsTitle = useRef(!isEdit);

  useUnsavedChanges(dirty && !done);
  // After a save: first the guard is released (the hook above), then the list is shown.
  useEffect(() => {
    if (done) navigate(listPath);
  }, [done, navigate, listPath]);

  const markDirty = () => setDirty(true);
  return {
    markDirty,
    saved: () => setDone(true),
    onValuesChange: (changed: { slug?: string; title?: string }) => {
      markDirty();
      if ("slug" in changed) slugFollowsTitle.current = !isEdit && !changed.slug;
      if ("title" in changed && slugFollowsTitle.current) form.setFieldValue("slug", slugFromTitle(changed.title ?? ""));
    },
  };
}

export function EditorHeader({
  title,
  subtitle,
  backTo,
  backLabel,
  view,
}: {
  title: string;
  subtitle: string;
  backTo: string;
  backLabel: string;
  /** The record's public page, when it has one. */
  view?: { href: string; label: string } | null;
}) {
  const navigate = useAdminNavigate();
  return (
    <PageHeader
      title={title}
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
        </>
      }
    />
  );
}

/** The Cancel / Save bar, kept in view at the bottom of a long form. */
export function EditorActions({ cancelTo, cancelLabel, saveLabel, saving }: { cancelTo: string; cancelLabel: string; saveLabel: string; saving: boolean }) {
  const navigate = useAdminNavigate();
  return (
    <Flex
      justify="flex-end"
      gap={8}
      className="editor-actions"
      style={{ position: "sticky", bottom: 0, zIndex: 2, marginTop: 24, padding: "12px 0", background: "#f5f7f6", borderTop: "1px solid #e5e7eb" }}
    >
      <Button onClick={() => navigate(cancelTo)} disabled={false}>
        {cancelLabel}
      </Button>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
        {saveLabel}
      </Button>
    </Flex>
  );
}
