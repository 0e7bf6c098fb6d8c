import { Col, Form, Input, InputNumber, Row, Select, Switch } from "antd";
import { useEffect, useMemo } from "react";
import { CONTENT_TYPES, contentItemFields, type ContentType } from "../../../../shared/schemas/content";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { zodRule } from "../../forms";
import { writeRecord } from "../../save";
import { DialogForm, useDialogForm } from "../../components/FormDialog";
import { S } from "../../text-site";
import type { Outputs } from "../../outputs";

export type ContentItem = Outputs["content"]["adminList"][number];

interface Values {
  page: string;
  section: string;
  key: string;
  content: string;
  contentType: ContentType;
  isVisible: boolean;
  sortOrder: number | null;
}

const T = S.content;
const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: T.typeLabels[type] ?? type }));

/**
 * The inline create and edit form of a content item (admin-portal.md: Edit opens under the item, Add
 * Content at the bottom). The list is refreshed after a successful save.
 */
export function ContentForm({
  record,
  defaultPage,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  record: ContentItem | null;
  defaultPage?: string;
  onDone: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
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

  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const save = (values: Values) => {
    const fields = { ...values, sortOrder: values.sortOrder ?? 0 };
    return submit({
      write: writeRecord(record, (api) => api.content, fields),
      success: record ? T.updated : T.created,
      failure: record ? T.updateFailed : T.createFailed,
    });
  };

  const idPrefix = record ? `content-edit-${record.id}` : "content-create";
  return (
    <DialogForm<Values>
      {...props}
      name={idPrefix}
      testId={idPrefix}
      okText={record ? T.save : T.create}
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
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="page" label={T.page} required rules={[zodRule(contentItemFields, "page")]} tooltip={T.pageHelp}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="section" label={T.section} required rules={[zodRule(contentItemFields, "section")]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="key" label={T.key} required rules={[zodRule(contentItemFields, "key")]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="content"
        label={T.content}
        required
        rules={[zodRule(contentItemFields, "content")]}
        extra={contentType === "html" ? T.htmlHelp : contentType === "url" ? T.urlHelp : undefined}
      >
        {contentType === "html" ? <LazyRichTextEditor label={T.editorLabel} /> : <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} />}
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={10} md={8}>
          <Form.Item name="contentType" label={T.contentType}>
            <Select options={TYPE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7} md={8}>
          <Form.Item name="sortOrder" label={T.sortOrder} rules={[zodRule(contentItemFields, "sortOrder")]}>
            <InputNumber precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7} md={8}>
          <Form.Item name="isVisible" label={T.visible} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </DialogForm>
  );
}
