import {
  ArrowLeftOutlined,
  CopyOutlined,
  ExclamationCircleFilled,
  ExportOutlined,
  SaveOutlined,
  ThunderboltOutlined,
} from "@ant-design/icons";
import type { inferRouterOutputs } from "@trpc/server";
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Space, Spin, Switch, Tabs, Tag, Tooltip, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useRef, useState } from "react";
import type { AppRouter } from "../../../../server/routers";
import { metaDescriptionFromSummary, newsArticleFields, slugFromTitle } from "../../../../shared/schemas/news";
import { trpc } from "../../../lib/trpc";
import { ImagePicker } from "../../components/ImagePicker";
import { LoadFailed } from "../../components/LoadFailed";
import { PageHeader } from "../../components/PageHeader";
import { fieldErrors, httpStatus, serverMessage, useFeedback } from "../../feedback";
import { toFormData, zodRule } from "../../forms";
import { useAdminNavigate, useUnsavedChanges } from "../../navigation";
import { C } from "../../text-content";
import { formatPublishedAt, PUBLISHED_AT_FORMAT } from "./dates";
import { ThumbnailPreview } from "./ThumbnailPreview";

/**
 * Article editor, create (/news/new) and edit (/news/edit/:id): admin-portal.md sections 2, 4, 5 and 8.
 * Four tabs (Content, Thumbnail, SEO & Metadata, Publishing) over one form; every tab is rendered from
 * the start so a save validates all fields, and a failed check opens the tab of the first bad field.
 * The save is multipart: the non-empty fields, publishedAt as ISO, plus the thumbnail file (which takes
 * priority over the thumbnail URL).
 */
type Article = inferRouterOutputs<AppRouter>["news"]["byId"];
const T = C.article;

interface ArticleValues {
  title: string;
  slug: string;
  summary: string;
  content: string;
  externalUrl: string;
  thumbnailUrl: string;
  thumbnailAlt: string;
  metaTitle: string;
  metaDescription: string;
  tags: string;
  isPublished: boolean;
  publishedAt: Dayjs | null;
}

const TEXT_FIELDS = [
  "title",
  "slug",
  "summary",
  "content",
  "externalUrl",
  "thumbnailUrl",
  "thumbnailAlt",
  "metaTitle",
  "metaDescription",
  "tags",
] as const satisfies ReadonlyArray<keyof ArticleValues>;

type TabKey = "content" | "thumbnail" | "seo" | "publishing";
const TAB_OF_FIELD: Record<string, TabKey> = {
  title: "content",
  slug: "content",
  summary: "content",
  content: "content",
  externalUrl: "content",
  thumbnailUrl: "thumbnail",
  thumbnailAlt: "thumbnail",
  thumbnail: "thumbnail",
  metaTitle: "seo",
  metaDescription: "seo",
  tags: "seo",
  isPublished: "publishing",
  publishedAt: "publishing",
};

export default function ArticleEditorScreen({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id === undefined ? null : Number(params.id);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const article = trpc.news.byId.useQuery({ id: validId ? id : 0 }, { enabled: validId });
  const feedback = useFeedback();
  const failed = id !== null && (!validId || article.isError);

  useEffect(() => {
    if (failed) feedback.error(T.error, T.loadFailed);
  }, [failed, feedback]);

  if (id === null) return <ArticleForm key="new" />;
  if (failed) {
    return (
      <LoadFailed
        heading={T.editTitle}
        title={T.loadFailed}
        detail={article.error && serverMessage(article.error)}
        backTo="/news"
        backLabel={T.back}
        retryLabel={T.retry}
        onRetry={validId ? () => article.refetch() : undefined}
      />
    );
  }
  if (!article.data) {
    return (
      <>
        <PageHeader title={T.editTitle} />
        <Flex vertical align="center" gap={12} style={{ padding: 48 }} role="status">
          <Spin size="large" />
          <Typography.Text type="secondary">{T.loading}</Typography.Text>
        </Flex>
      </>
    );
  }
  return <ArticleForm key={article.data.id} article={article.data} />;
}

function initialValuesOf(article?: Article): ArticleValues {
  return {
    title: article?.title ?? "",
    slug: article?.slug ?? "",
    summary: article?.summary ?? "",
    content: article?.content ?? "",
    externalUrl: article?.externalUrl ?? "",
    thumbnailUrl: article?.thumbnailUrl ?? "",
    thumbnailAlt: article?.thumbnailAlt ?? "",
    metaTitle: article?.metaTitle ?? "",
    metaDescription: article?.metaDescription ?? "",
    tags: article?.tags ?? "",
    isPublished: article?.isPublished ?? false,
    // A new article is dated now; an existing one keeps its date (or none).
    publishedAt: article ? (article.publishedAt ? dayjs(article.publishedAt) : null) : dayjs(),
  };
}

function ArticleForm({ article }: { article?: Article }) {
  const isEdit = article !== undefined;
  const navigate = useAdminNavigate();
  const feedback = useFeedback();
  const utils = trpc.useUtils();
  const [form] = Form.useForm<ArticleValues>();
  const [tab, setTab] = useState<TabKey>("content");
  const [tabsWithErrors, setTabsWithErrors] = useState<ReadonlySet<TabKey>>(new Set());
  const [file, setFile] = useState<File | null>(null);
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState(false);
  const slugFollowsTitle = useRef(!isEdit);
  const create = trpc.news.create.useMutation();
  const update = trpc.news.update.useMutation();
  const saving = create.isPending || update.isPending;
  const [initialValues] = useState(() => initialValuesOf(article));

  const values = (Form.useWatch([], { form, preserve: true }) as Partial<ArticleValues> | undefined) ?? initialValues;
  const externalUrl = values.externalUrl ?? "";
  const metaTitleLength = (values.metaTitle ?? "").length;
  const metaDescriptionLength = (values.metaDescription ?? "").length;

  useUnsavedChanges(dirty && !done);
  useEffect(() => {
    if (done) navigate("/news");
  }, [done, navigate]);

  const markDirty = () => setDirty(true);

  const onValuesChange = (changed: Partial<ArticleValues>) => {
    markDirty();
    if ("slug" in changed) slugFollowsTitle.current = !isEdit && !changed.slug;
    if ("title" in changed && slugFollowsTitle.current) form.setFieldValue("slug", slugFromTitle(changed.title ?? ""));
  };

  const generateSlug = () => {
    form.setFieldValue("slug", slugFromTitle(form.getFieldValue("title") ?? ""));
    markDirty();
    void form.validateFields(["slug"]).catch(() => undefined);
  };

  const copyArticleTitle = () => {
    if ((form.getFieldValue("metaTitle") ?? "").trim()) return feedback.info(T.fields.useTitle, T.metaTitleFilled);
    form.setFieldValue("metaTitle", form.getFieldValue("title") ?? "");
    markDirty();
    void form.validateFields(["metaTitle"]).catch(() => undefined);
  };

  const copySummary = () => {
    if ((form.getFieldValue("metaDescription") ?? "").trim()) return feedback.info(T.fields.useSummary, T.metaDescriptionFilled);
    form.setFieldValue("metaDescription", metaDescriptionFromSummary((form.getFieldValue("summary") ?? "").trim()));
    markDirty();
  };

  /** Marks the tabs holding a field with an error, so a problem on a hidden tab is not missed. */
  const onFieldsChange = () => {
    const next = new Set<TabKey>();
    for (const field of form.getFieldsError()) {
      const name = field.name[0];
      if (field.errors.length > 0 && typeof name === "string" && TAB_OF_FIELD[name]) next.add(TAB_OF_FIELD[name]);
    }
    setTabsWithErrors((current) => (current.size === next.size && [...next].every((key) => current.has(key)) ? current : next));
  };

  const tabLabel = (key: TabKey) =>
    tabsWithErrors.has(key) ? (
      <Typography.Text type="danger">
        <ExclamationCircleFilled aria-hidden /> {T.tabs[key]}
      </Typography.Text>
    ) : (
      T.tabs[key]
    );

  const openTabOf = (field: string | undefined) => {
    const target = field ? TAB_OF_FIELD[field] : undefined;
    if (target) setTab(target);
  };

  const onFinish = async () => {
    const all = form.getFieldsValue(true) as ArticleValues;
    const fields: Record<string, unknown> = {};
    for (const key of TEXT_FIELDS) {
      const value = (all[key] ?? "").trim();
      if (value) fields[key] = value;
    }
    fields.isPublished = all.isPublished ? "true" : "false";
    if (all.publishedAt) fields.publishedAt = all.publishedAt.toDate();
    if (isEdit) {
      fields.id = article.id;
      // A cleared thumbnail URL (and no new file) removes the current thumbnail; absent would keep it.
      if (!file && !fields.thumbnailUrl && article.thumbnailUrl) fields.thumbnailUrl = "";
    }
    try {
      const payload = toFormData(fields, { thumbnail: file });
      if (isEdit) await update.mutateAsync(payload);
      else await create.mutateAsync(payload);
      feedback.success(isEdit ? T.updated : T.created);
      void utils.news.invalidate();
      void utils.system.dashboard.invalidate();
      setDone(true);
    } catch (error) {
      const message = serverMessage(error);
      const byField = Object.entries(fieldErrors(error)).filter(([name]) => name in TAB_OF_FIELD && name !== "thumbnail");
      if (httpStatus(error) === 409 && message) byField.push(["slug", [message]]);
      if (byField.length > 0) {
        form.setFields(byField.map(([name, errors]) => ({ name: name as keyof ArticleValues, errors })));
        onFieldsChange();
        openTabOf(byField[0]![0]);
      }
      const failure = isEdit ? T.updateFailed : T.createFailed;
      feedback.error(T.error, message ? `${failure} ${message}` : failure);
    }
  };

  const counterType = (length: number, min: number, max: number) => (length === 0 ? "secondary" : length >= min && length <= max ? "success" : "warning");
  const publishedAt = values.publishedAt ?? null;
  const statusText = !values.isPublished
    ? T.statusDraft
    : publishedAt && publishedAt.isAfter(dayjs())
      ? T.statusScheduled(formatPublishedAt(publishedAt))
      : T.statusLive(formatPublishedAt(publishedAt ?? dayjs()));
  const tags = (values.tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

  const contentTab = (
    <>
      <Form.Item name="title" label={T.fields.title} required rules={[zodRule(newsArticleFields, "title")]}>
        <Input maxLength={255} autoFocus={!isEdit} />
      </Form.Item>
      <Form.Item label={T.fields.slug} required extra={T.fields.slugHelp(values.slug ?? "")}>
        <Flex gap={8}>
          <Form.Item name="slug" noStyle rules={[zodRule(newsArticleFields, "slug")]}>
            <Input maxLength={255} aria-label={T.fields.slug} aria-required style={{ fontFamily: "ui-monospace, monospace" }} />
          </Form.Item>
          <Tooltip title={T.fields.generateSlug}>
            <Button icon={<ThunderboltOutlined />} onClick={generateSlug} aria-label={T.fields.generateSlug}>
              {T.fields.generateSlug}
            </Button>
          </Tooltip>
        </Flex>
      </Form.Item>
      <Form.Item name="summary" label={T.fields.summary} required extra={T.fields.summaryHelp} rules={[zodRule(newsArticleFields, "summary")]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount />
      </Form.Item>
      <Form.Item name="content" label={T.fields.content} required={!externalUrl.trim()} extra={T.fields.contentHelp}>
        <Input.TextArea autoSize={{ minRows: 10, maxRows: 30 }} spellCheck style={{ fontFamily: "ui-monospace, monospace", fontSize: 13 }} />
      </Form.Item>
      <Form.Item name="externalUrl" label={T.fields.externalUrl} extra={T.fields.externalUrlHelp} rules={[zodRule(newsArticleFields, "externalUrl")]} style={{ marginBottom: 0 }}>
        <Input maxLength={1024} type="url" placeholder="https://" inputMode="url" />
      </Form.Item>
    </>
  );

  const thumbnailTab = (
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
      {!file && (values.thumbnailUrl ?? "").trim() ? (
        <Form.Item label={T.fields.thumbnailPreview}>
          <ThumbnailPreview src={(values.thumbnailUrl ?? "").trim()} alt={values.thumbnailAlt || values.title || ""} />
        </Form.Item>
      ) : null}
      <Form.Item label={T.fields.thumbnailFile} extra={T.fields.thumbnailFileHelp}>
        <ImagePicker
          file={file}
          label={T.fields.thumbnailFile}
          onChange={(chosen) => {
            setFile(chosen);
            markDirty();
          }}
          disabled={saving}
        />
      </Form.Item>
      <Form.Item
        name="thumbnailAlt"
        label={T.fields.thumbnailAlt}
        extra={T.fields.thumbnailAltHelp}
        rules={[zodRule(newsArticleFields, "thumbnailAlt")]}
        style={{ marginBottom: 0 }}
      >
        <Input maxLength={255} />
      </Form.Item>
    </>
  );

  const seoTab = (
    <>
      <Form.Item
        label={T.fields.metaTitle}
        extra={
          <Typography.Text type={counterType(metaTitleLength, 50, 60)} data-testid="meta-title-counter">
            {T.counter(metaTitleLength, T.titleRange)}
          </Typography.Text>
        }
      >
        <Flex gap={8} wrap>
          <Form.Item name="metaTitle" noStyle rules={[zodRule(newsArticleFields, "metaTitle")]}>
            <Input maxLength={255} aria-label={T.fields.metaTitle} style={{ flex: "1 1 260px" }} />
          </Form.Item>
          <Button icon={<CopyOutlined />} onClick={copyArticleTitle}>
            {T.fields.useTitle}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item
        label={T.fields.metaDescription}
        extra={
          <Typography.Text type={counterType(metaDescriptionLength, 150, 160)} data-testid="meta-description-counter">
            {T.counter(metaDescriptionLength, T.descriptionRange)}
          </Typography.Text>
        }
      >
        <Flex gap={8} wrap align="flex-start">
          <Form.Item name="metaDescription" noStyle>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} aria-label={T.fields.metaDescription} style={{ flex: "1 1 260px" }} />
          </Form.Item>
          <Button icon={<CopyOutlined />} onClick={copySummary}>
            {T.fields.useSummary}
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item name="tags" label={T.fields.tags} extra={T.fields.tagsHelp} style={{ marginBottom: tags.length ? 8 : 0 }}>
        <Input />
      </Form.Item>
      {tags.length ? (
        <Flex gap={4} wrap aria-hidden>
          {tags.map((tag, i) => (
            <Tag key={`${tag}-${i}`}>{tag}</Tag>
          ))}
        </Flex>
      ) : null}
    </>
  );

  const publishingTab = (
    <>
      <Form.Item name="isPublished" label={T.fields.isPublished} valuePropName="checked">
        <Switch checkedChildren={T.fields.publishedOn} unCheckedChildren={T.fields.draftOff} />
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

  return (
    <>
      <PageHeader
        title={isEdit ? T.editTitle : T.createTitle}
        subtitle={isEdit ? T.editSubtitle : T.createSubtitle}
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("/news")}>
              {T.back}
            </Button>
            {isEdit && article.isPublished ? (
              <Button icon={<ExportOutlined />} href={`/news/${encodeURIComponent(article.slug)}`} target="_blank" rel="noopener noreferrer">
                {T.viewOnSite}
              </Button>
            ) : null}
          </>
        }
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFieldsChange={onFieldsChange}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name[0];
          openTabOf(typeof first === "string" ? first : undefined);
          feedback.error(T.error, C.common.checkFields);
        }}
        disabled={saving}
        aria-label={isEdit ? T.editTitle : T.createTitle}
      >
        <Card styles={{ body: { paddingTop: 8 } }}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as TabKey)}
            items={[
              { key: "content", label: tabLabel("content"), children: contentTab, forceRender: true },
              { key: "thumbnail", label: tabLabel("thumbnail"), children: thumbnailTab, forceRender: true },
              { key: "seo", label: tabLabel("seo"), children: seoTab, forceRender: true },
              { key: "publishing", label: tabLabel("publishing"), children: publishingTab, forceRender: true },
            ]}
          />
        </Card>
        <Flex
          justify="flex-end"
          gap={8}
          style={{ position: "sticky", bottom: 0, zIndex: 2, marginTop: 24, padding: "12px 0", background: "#f5f7f6", borderTop: "1px solid #e5e7eb" }}
        >
          <Space>
            <Button onClick={() => navigate("/news")} disabled={false}>
              {T.cancel}
            </Button>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
              {isEdit ? T.update : T.save}
            </Button>
          </Space>
        </Flex>
      </Form>
    </>
  );
}
