import type { z } from "zod";
import { Col, Collapse, Form, Input, InputNumber, Row, Select, Switch } from "antd";
import { useEffect, useMemo } from "react";
import { CONTENT_TYPES, contentItemFields, type ContentType } from "../../../../shared/schemas/content";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { fieldOf } from "../../forms";
import { writeRecord } from "../../save";
import { DialogForm, useDialogForm } from "../../components/FormDialog";
import { S } from "../../text-site";
import type { Outputs } from "../../outputs";
import type { PreviewText } from "../../../../shared/content-preview";

export type ContentItem = Outputs["content"]["adminList"][number];

/** The form's fields: the schema's own (what a save sends), checked by its rules field by field. */
type Values = z.input<typeof contentItemFields>;

const T = S.content;
const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: T.typeLabels[type] ?? type }));

/**
 * The inline create and edit form of a content item (admin-portal.md: Edit opens under the item, Add
 * Content at the bottom). The list is refreshed after a successful save. Editing a text, staff see its
 * words and whether it shows; where it sits (page, section, key), its type and sort order are under
 * Advanced (open when the screen shows advanced details). The create form shows them all: a new item
 * needs its place. `onPreview` hears the text as it is typed, for the live preview.
 */
export function ContentForm({
  record,
  defaultPage,
  advanced = false,
  onDone,
  onCancel,
  onDirtyChange,
  onPreview,
}: {
  record: ContentItem | null;
  defaultPage?: string;
  advanced?: boolean;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onPreview?: (text: PreviewText) => void;
}) {
  // The inline form acts as a dialog would: Cancel asks the screen, a save closes it.
  const controls = useMemo(
    () => ({
      setDirty: onDirtyChange,
      setBusy: () => undefined,
      close: () => {
        onDirtyChange(false);
        onDone();
      },
      requestClose: onCancel,
    }),
    [onDirtyChange, onDone, onCancel],
  );
  const { form, save: submit, props } = useDialogForm<Values>("content", controls);
  const contentType = Form.useWatch("contentType", form) ?? record?.contentType ?? "text";
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // The live preview follows every keystroke (and a change of place or type under Advanced).
  useEffect(() => {
    if (!onPreview || !record) return;
    onPreview({
      page: watched?.page ?? record.page,
      section: watched?.section ?? record.section,
      key: watched?.key ?? record.key,
      content: watched?.content ?? record.content,
      contentType: watched?.contentType ?? record.contentType,
    });
  }, [onPreview, record, watched?.page, watched?.section, watched?.key, watched?.content, watched?.contentType]);

  const save = (values: Values) => {
    const fields = { ...values, sortOrder: values.sortOrder ?? 0 };
    return submit({
      write: writeRecord(record, (api) => api.content, fields),
      success: record ? T.updated : T.created,
      failure: record ? T.updateFailed : T.createFailed,
    });
  };

  const idPrefix = record ? `content-edit-${record.id}` : "content-create";
  const placeFields = (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item {...fieldOf(contentItemFields, "page")} label={T.page} required tooltip={T.pageHelp}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...fieldOf(contentItemFields, "section")} label={T.section} required>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...fieldOf(contentItemFields, "key")} label={T.key} required>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="contentType" label={T.contentType}>
            <Select options={TYPE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...fieldOf(contentItemFields, "sortOrder")} label={T.sortOrder}>
            <InputNumber precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
  const contentField = (
    <Form.Item
      {...fieldOf(contentItemFields, "content")}
      label={T.content}
      required
      extra={contentType === "html" ? T.htmlHelp : contentType === "url" ? T.urlHelp : undefined}
    >
      {contentType === "html" ? <LazyRichTextEditor label={T.editorLabel} /> : <Input.TextArea autoSize={{ minRows: 3, maxRows: 16 }} />}
    </Form.Item>
  );
  const visibleField = (
    <Form.Item name="isVisible" label={T.visible} valuePropName="checked" extra={T.visibleHelp}>
      <Switch />
    </Form.Item>
  );
  return (
    <DialogForm<Values>
      {...props}
      name={idPrefix}
      testId={idPrefix}
      okText={record ? S.common.saveChanges : T.create}
      initialValues={{
        page: record?.page ?? defaultPage ?? "",
        section: record?.section ?? "",
        key: record?.key ?? "",
        content: record?.content ?? "",
        contentType: (record?.contentType as ContentType | undefined) ?? "text",
        isVisible: record?.isVisible ?? true,
        sortOrder: record?.sortOrder ?? 0,
      }}
      onFinish={save}
    >
      {record ? (
        <>
          {contentField}
          {visibleField}
          <Collapse
            size="small"
            defaultActiveKey={advanced ? ["advanced"] : []}
            items={[{ key: "advanced", label: T.advancedFields, forceRender: true, children: placeFields }]}
            style={{ marginBottom: 16 }}
          />
        </>
      ) : (
        <>
          {placeFields}
          {contentField}
          {visibleField}
        </>
      )}
    </DialogForm>
  );
}
