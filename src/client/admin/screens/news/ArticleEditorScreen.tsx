import { ExclamationCircleFilled } from "@ant-design/icons";
import { Card, Form, Tabs, Typography } from "antd";
import { useMemo, useState } from "react";
import { trpc } from "../../../lib/trpc";
import { EditorForm, EditorHeader, useEditorState } from "../../components/PageEditor";
import { RecordEditor } from "../../components/RecordEditor";
import { VersionHistoryButton } from "../../components/VersionHistory";
import { C } from "../../text-content";
import { initialValuesOf, TAB_OF_FIELD, type Article, type ArticleValues, type TabKey } from "./article-form";
import { ContentFields, PublishingFields, SeoFields, ThumbnailFields } from "./ArticleFields";
import { useArticleSave } from "./useArticleSave";
import { isPublicNow } from "../../../../shared/article-visibility";
import { TranslateButton } from "../../components/TranslateButton";

/**
 * Article editor, create (/news/new) and edit (/news/edit/:id): admin-portal.md sections 2, 4, 5 and 8.
 * Four tabs (Content, Thumbnail, SEO & Metadata, Publishing) over one form; every tab is rendered from
 * the start so a save validates all fields, and a failed check (ours or the server's, a duplicate slug
 * included) opens the tab of the first bad field. The fields are in ArticleFields.tsx, the field table
 * in article-form.ts, the save in useArticleSave.ts.
 */
const T = C.article;

export default function ArticleEditorScreen({ params }: { params: Record<string, string | undefined> }) {
  return (
    <RecordEditor<Article>
      idParam={params.id}
      byId={trpc.news.byId}
      texts={{ loadFailed: T.loadFailed, back: T.back, loading: T.loading }}
      backTo="/news"
      failureToast={[T.error, T.loadFailed]}
    >
      {(article) => <ArticleForm key={article?.id ?? "new"} article={article} />}
    </RecordEditor>
  );
}

function ArticleForm({ article }: { article?: Article }) {
  const isEdit = article !== undefined;
  const [form] = Form.useForm<ArticleValues>();
  const [tab, setTab] = useState<TabKey>("content");
  const [tabsWithErrors, setTabsWithErrors] = useState<ReadonlySet<TabKey>>(new Set());
  const [file, setFile] = useState<File | null>(null);
  const { dirty, markDirty, saved, onValuesChange } = useEditorState(form, article, "/news", () => setFile(null));
  const { saving, save, upload } = useArticleSave(form, article);
  // From the record as last read (a restore from the history reads it again: see useEditorState).
  const initialValues = useMemo(() => initialValuesOf(article), [article]);
  const values = (Form.useWatch([], { form, preserve: true }) as Partial<ArticleValues> | undefined) ?? initialValues;

  /** Marks the tabs holding a field with an error, so a problem on a hidden tab is not missed; returns the first such field. */
  const onFieldsChange = () => {
    const next = new Set<TabKey>();
    let first: string | undefined;
    for (const field of form.getFieldsError()) {
      const name = field.name[0];
      if (field.errors.length > 0 && typeof name === "string" && TAB_OF_FIELD[name]) {
        next.add(TAB_OF_FIELD[name]);
        first ??= name;
      }
    }
    setTabsWithErrors((current) => (current.size === next.size && [...next].every((key) => current.has(key)) ? current : next));
    return first;
  };

  const openTabOf = (field: string | undefined) => {
    const target = field ? TAB_OF_FIELD[field] : undefined;
    if (target) setTab(target);
  };

  const onFinish = async () => {
    if (await save(file)) saved();
    else openTabOf(onFieldsChange());
  };

  const tabLabel = (key: TabKey) =>
    tabsWithErrors.has(key) ? (
      <Typography.Text type="danger">
        <ExclamationCircleFilled aria-hidden /> {T.tabs[key]}
      </Typography.Text>
    ) : (
      T.tabs[key]
    );

  const fieldProps = { form, values, isEdit, markDirty };
  const tabs: Array<{ key: TabKey; children: React.ReactNode }> = [
    { key: "content", children: <ContentFields {...fieldProps} /> },
    {
      key: "thumbnail",
      children: (
        <ThumbnailFields
          {...fieldProps}
          file={file}
          saving={saving}
          upload={upload}
          onFile={(chosen) => {
            setFile(chosen);
            markDirty();
          }}
        />
      ),
    },
    { key: "seo", children: <SeoFields {...fieldProps} /> },
    { key: "publishing", children: <PublishingFields {...fieldProps} /> },
  ];

  return (
    <>
      <EditorHeader
        subtitle={isEdit ? T.editSubtitle : T.createSubtitle}
        backTo="/news"
        backLabel={T.back}
        // A public article is viewed on the website; a draft or scheduled one previewed at the same address
        // (the server shows it to signed-in staff only, under a "Preview: not public" banner).
        view={isEdit ? { href: `/news/${encodeURIComponent(article.slug)}`, label: isPublicNow(article) ? T.viewOnSite : T.preview } : null}
        actions={
          isEdit ? (
            <>
              <TranslateButton kind="news" recordId={article.id} name={article.title} />
              <VersionHistoryButton
                kind="news"
                recordId={article.id}
                name={article.title}
                resource="news"
                unsaved={dirty || file !== null}
              />
            </>
          ) : null
        }
      />
      <EditorForm
        form={form}
        failedTitle={T.error}
        saving={saving}
        actions={{ cancelTo: "/news", cancelLabel: T.cancel, saveLabel: isEdit ? T.update : T.save }}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFieldsChange={onFieldsChange}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name[0];
          openTabOf(typeof first === "string" ? first : undefined);
        }}
      >
        <Card styles={{ body: { paddingTop: 8 } }}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as TabKey)}
            items={tabs.map(({ key, children }) => ({ key, label: tabLabel(key), children, forceRender: true }))}
          />
        </Card>
      </EditorForm>
    </>
  );
}
