import { CopyOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { useCan } from "../../permissions";
import { Alert, Button, DatePicker, Flex, Form, Input, Switch, Tag, Tooltip, Typography, type FormInstance } from "antd";
import { toPicker } from "../../dates";
import type { ReactNode } from "react";
import { metaDescriptionFromSummary, newsArticleFields, slugFromTitle } from "../../../../shared/schemas/news";
import { ImagePicker } from "../../components/ImagePicker";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { useFeedback } from "../../feedback";
import { fieldOf, zodRule } from "../../forms";
import type { UploadProgress } from "../../save";
import { C } from "../../text-content";
import type { ArticleValues } from "./article-form";
import { formatPublishedAt, PUBLISHED_AT_FORMAT } from "./dates";
import { ThumbnailPreview } from "./ThumbnailPreview";

/**
 * The fields of the article editor's four tabs (Content, Thumbnail, SEO & Metadata, Publishing) and
 * their helpers: slug from the title, meta title from the title, meta description from the summary.
 */
const T = C.article;

/** A field checked by the server's rule for it, with its label and the help under it. */
const described = (name: "summary" | "externalUrl" | "thumbnailAlt") => ({
  ...fieldOf(newsArticleFields, name),
  label: T.fields[name],
  extra: T.fields[`${name}Help`],
});

export interface ArticleFieldsProps {
  form: FormInstance<ArticleValues>;
  values: Partial<ArticleValues>;
  isEdit: boolean;
  markDirty: () => void;
}

/** Sets a field as a helper button does: marks the form dirty and checks the field again. */
function setByHelper(props: ArticleFieldsProps, name: keyof ArticleValues, value: string) {
  props.form.setFieldValue(name, value);
  props.markDirty();
  void props.form.validateFields([name]).catch(() => undefined);
}

export function ContentFields(props: ArticleFieldsProps) {
  const { form, values, isEdit } = props;
  const generateSlug = () => setByHelper(props, "slug", slugFromTitle(form.getFieldValue("title") ?? ""));
  return (
    <>
      <Form.Item {...fieldOf(newsArticleFields, "title")} label={T.fields.title} required>
        <Input maxLength={255} autoFocus={!isEdit} />
      </Form.Item>
      <Form.Item label={T.fields.slug} required extra={T.fields.slugHelp(values.slug ?? "")}>
        <Flex gap={8}>
          <Form.Item {...fieldOf(newsArticleFields, "slug")} noStyle>
            <Input maxLength={255} aria-label={T.fields.slug} aria-required style={{ fontFamily: "ui-monospace, monospace" }} />
          </Form.Item>
          <Tooltip title={T.fields.generateSlug}>
            <Button icon={<ThunderboltOutlined />} onClick={generateSlug}>
              {T.fields.generateSlug}
            </Button>
          </Tooltip>
        </Flex>
      </Form.Item>
      <Form.Item {...described("summary")} required>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount />
      </Form.Item>
      <Form.Item name="content" label={T.fields.content} required={!(values.externalUrl ?? "").trim()} extra={T.fields.contentHelp}>
        <LazyRichTextEditor label={T.fields.content} />
      </Form.Item>
      <Form.Item {...described("externalUrl")} style={{ marginBottom: 0 }}>
        {/* type="text": the app's message only, not the browser's own bubble too. */}
        <Input maxLength={1024} type="text" placeholder="https://" inputMode="url" />
      </Form.Item>
    </>
  );
}

export function ThumbnailFields(
  props: ArticleFieldsProps & { file: File | null; onFile: (file: File | null) => void; saving: boolean; upload: UploadProgress | null },
) {
  const { values, file, onFile, saving, upload } = props;
  const thumbnailUrl = (values.thumbnailUrl ?? "").trim();
  return (
    <>
      <Form.Item
        name="thumbnailUrl"
        label={T.fields.thumbnailUrl}
        extra={T.fields.thumbnailUrlHelp}
        hidden={file !== null}
        rules={file ? [] : [zodRule(newsArticleFields, "thumbnailUrl")]}
      >
        <Input maxLength={1024} placeholder="https://" inputMode="url" allowClear />
      </Form.Item>
      {!file && thumbnailUrl ? (
        <Form.Item label={T.fields.thumbnailPreview}>
          <ThumbnailPreview src={thumbnailUrl} alt={values.thumbnailAlt || values.title || ""} />
        </Form.Item>
      ) : null}
      <Form.Item label={T.fields.thumbnailFile} extra={T.fields.thumbnailFileHelp}>
        <ImagePicker
          file={file}
          label={T.fields.thumbnailFile}
          onChange={onFile}
          disabled={saving}
          upload={upload}
          onPickUpload={(picked) => {
            onFile(null);
            setByHelper(props, "thumbnailUrl", picked.url);
            if (picked.alt) setByHelper(props, "thumbnailAlt", picked.alt);
          }}
        />
      </Form.Item>
      <Form.Item {...described("thumbnailAlt")} style={{ marginBottom: 0 }}>
        <Input maxLength={255} />
      </Form.Item>
    </>
  );
}

const counterType = (length: number, [min, max]: [number, number]) =>
  length === 0 ? "secondary" : length >= min && length <= max ? "success" : "warning";

/** A meta field with its length against the recommended range, and the button that fills it from the article. */
function MetaField(props: {
  label: string;
  length: number;
  range: [number, number];
  rangeText: string;
  testId: string;
  field: ReactNode;
  helper: { label: string; onClick: () => void };
}) {
  return (
    <Form.Item
      label={props.label}
      extra={
        <Typography.Text type={counterType(props.length, props.range)} data-testid={props.testId}>
          {T.counter(props.length, props.rangeText)}
        </Typography.Text>
      }
    >
      <Flex gap={8} wrap align="flex-start">
        {props.field}
        <Button icon={<CopyOutlined />} onClick={props.helper.onClick}>
          {props.helper.label}
        </Button>
      </Flex>
    </Form.Item>
  );
}

export function SeoFields(props: ArticleFieldsProps) {
  const { form, values } = props;
  const feedback = useFeedback();
  const metaTitleLength = (values.metaTitle ?? "").length;
  const metaDescriptionLength = (values.metaDescription ?? "").length;
  const tags = (values.tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

  const copyArticleTitle = () => {
    if ((form.getFieldValue("metaTitle") ?? "").trim()) return feedback.info(T.fields.useTitle, T.metaTitleFilled);
    setByHelper(props, "metaTitle", form.getFieldValue("title") ?? "");
  };
  const copySummary = () => {
    if ((form.getFieldValue("metaDescription") ?? "").trim()) return feedback.info(T.fields.useSummary, T.metaDescriptionFilled);
    setByHelper(props, "metaDescription", metaDescriptionFromSummary((form.getFieldValue("summary") ?? "").trim()));
  };

  return (
    <>
      {[
        {
          label: T.fields.metaTitle,
          length: metaTitleLength,
          range: [50, 60] as [number, number],
          rangeText: T.titleRange,
          testId: "meta-title-counter",
          field: (
            <Form.Item {...fieldOf(newsArticleFields, "metaTitle")} noStyle>
              <Input maxLength={255} aria-label={T.fields.metaTitle} style={{ flex: "1 1 260px" }} />
            </Form.Item>
          ),
          helper: { label: T.fields.useTitle, onClick: copyArticleTitle },
        },
        {
          label: T.fields.metaDescription,
          length: metaDescriptionLength,
          range: [150, 160] as [number, number],
          rangeText: T.descriptionRange,
          testId: "meta-description-counter",
          field: (
            <Form.Item name="metaDescription" noStyle>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} aria-label={T.fields.metaDescription} style={{ flex: "1 1 260px" }} />
            </Form.Item>
          ),
          helper: { label: T.fields.useSummary, onClick: copySummary },
        },
      ].map((meta) => (
        <MetaField key={meta.testId} {...meta} />
      ))}
      <Form.Item name="tags" label={T.fields.tags} extra={T.fields.tagsHelp} style={{ marginBottom: tags.length ? 8 : 0 }}>
        <Input />
      </Form.Item>
      {tags.length ? (
        <Flex gap={4} wrap aria-hidden>
          {tags.map((tag, i) => (
            // the Tags field's words as typed (a word may come twice), shown aria-hidden; a tag holds no state, so one edited or moved is
            // just drawn again
            // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
            <Tag key={`${tag}-${i}`}>{tag}</Tag>
          ))}
        </Flex>
      ) : null}
    </>
  );
}

export function PublishingFields({ values }: ArticleFieldsProps) {
  // Putting an article live (or taking it down) is the publish permission's: others keep its state.
  const mayPublish = useCan("publish");
  const publishedAt = values.publishedAt ?? null;
  const statusText = !values.isPublished
    ? T.statusDraft
    : publishedAt?.isAfter(toPicker())
      ? T.statusScheduled(formatPublishedAt(publishedAt))
      : T.statusLive(formatPublishedAt(publishedAt ?? toPicker()));
  return (
    <>
      <Form.Item name="isPublished" label={T.fields.isPublished} valuePropName="checked">
        <Switch checkedChildren={T.fields.publishedOn} unCheckedChildren={T.fields.draftOff} disabled={!mayPublish} />
      </Form.Item>
      <Form.Item name="publishedAt" label={T.fields.publishedAt} extra={T.fields.publishedAtHelp}>
        <DatePicker
          showTime={{ minuteStep: 30, use12Hours: true, format: "h:mm A" }}
          format={PUBLISHED_AT_FORMAT}
          style={{ width: "100%", maxWidth: 320 }}
        />
      </Form.Item>
      <Alert type={values.isPublished ? "success" : "info"} showIcon title={statusText} data-testid="publishing-status" />
    </>
  );
}
