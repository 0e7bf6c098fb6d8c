import { DeleteOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Card, Col, Flex, Form, Grid, Input, Popconfirm, Radio, Result, Row, Segmented, Tooltip, Typography } from "antd";
import { useState } from "react";
import { isLanguageCode, TRANSLATION_LANGUAGES, type TranslationLanguage } from "../../../../shared/languages";
import { REQUIRED_TO_PUBLISH } from "../../../../shared/schemas/translations";
import { STRUCTURED_FIELDS, TRANSLATABLE, TRANSLATABLE_KINDS, type TranslatableKind } from "../../../../shared/translatable";
import { trpc } from "../../../lib/trpc";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { EditorHeader } from "../../components/PageEditor";
import { PageHeader } from "../../components/PageHeader";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { formatDateTime } from "../../components/staff";
import { useAdminNavigate, useUnsavedChanges } from "../../navigation";
import type { Outputs } from "../../outputs";
import { useCan } from "../../permissions";
import { useFormSave, useSave } from "../../save";
import { TR } from "../../text-translations";
import { EnglishChanges } from "./EnglishChanges";
import { FieldRow } from "./FieldRow";
import { editorPath, tagOf } from "./paths";
import { hasText, mirrorSections, SectionsTranslation, type Sections } from "./SectionsTranslation";

/**
 * One record's translation (/translations/:kind/:id/:language): the English on the left, read-only,
 * and the translation on the right, field by field (stacked on a phone); a service's sections as their
 * texts, section by section, in the English structure. When the English changed since the translation
 * was saved, an alert lists each changed field with a word diff of its English then and now. A status
 * (Published or Draft) and Save; Delete removes the translation. The server checks everything again
 * (src/server/services/translation-saves.ts) and names the field of any refusal.
 */
const E = TR.editor;
type Translation = Outputs["translations"]["get"];
type Values = { status: "published" | "draft"; fields: Record<string, unknown> };

/** Texts that take more than a line. */
const LONG_FIELDS = new Set(["shortDescription", "description", "summary", "metaDescription", "bio", "content"]);

export default function TranslationEditorScreen({ params }: { params: Record<string, string | undefined> }) {
  const kind = (TRANSLATABLE_KINDS as readonly string[]).includes(params.kind ?? "") ? (params.kind as TranslatableKind) : null;
  const language = isLanguageCode(params.language) && params.language !== "en" ? params.language : null;
  const recordId = /^[1-9][0-9]{0,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  if (!kind || !language || recordId === null) return <NotFound />;
  return <TranslationLoader kind={kind} recordId={recordId} language={language} />;
}

function NotFound() {
  const navigate = useAdminNavigate();
  return (
    <Result
      status="404"
      title={E.notFound}
      extra={
        <Button type="primary" onClick={() => navigate("/translations")}>
          {E.back}
        </Button>
      }
    />
  );
}

function TranslationLoader({ kind, recordId, language }: { kind: TranslatableKind; recordId: number; language: TranslationLanguage }) {
  const read = trpc.translations.get.useQuery({ kind, recordId, language }, { refetchOnMount: "always" });
  const navigate = useAdminNavigate();
  if (read.data === undefined) {
    return (
      <>
        <PageHeader />
        <QueryState
          query={read}
          failed={{
            title: E.loadFailed,
            notFound: E.loadFailed,
            actions: <Button onClick={() => navigate("/translations")}>{E.back}</Button>,
          }}
          loading={<CardSkeleton />}
        >
          {() => null}
        </QueryState>
      </>
    );
  }
  // A new save (this one, or another member's) starts the form afresh from what the server holds.
  return (
    <TranslationForm
      key={`${kind}:${recordId}:${language}:${read.data.translation ? new Date(read.data.translation.updatedAt).getTime() : "none"}`}
      data={read.data}
    />
  );
}

function TranslationForm({ data }: { data: Translation }) {
  const { kind, recordId, language, english, translation } = data;
  const navigate = useAdminNavigate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const { saving, save } = useFormSave("translations", form);
  const { saving: deleting, run } = useSave("translations");
  // Putting an article live needs "publish", in any language (the server refuses it too).
  const mayPublishArticles = useCan("publish");
  const mayPublish = kind !== "news" || mayPublishArticles;

  const languageName = TR.languageNames[language];
  const nativeName = TR.languages[language];
  const tag = tagOf(language);
  const fields = TRANSLATABLE[kind].fields as readonly string[];
  const englishSections = (english.sections ?? []) as Sections;
  const required = new Set(data.requiredFields);
  const messages = REQUIRED_TO_PUBLISH[kind] as Record<string, string>;

  const initialValues: Values = {
    status: translation?.status ?? "draft",
    fields: Object.fromEntries(
      fields.map((field) => [
        field,
        STRUCTURED_FIELDS.has(field)
          ? mirrorSections(englishSections, (translation?.fields[field] ?? []) as Sections)
          : ((translation?.fields[field] as string | undefined) ?? ""),
      ]),
    ),
  };

  const onFinish = async (values: Values) => {
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      if (STRUCTURED_FIELDS.has(field)) {
        // The sections as the English has them, with the texts written here; none at all when nothing is written.
        // Read from the form's store, which keeps the sections' lists and kinds (the values handed to
        // onFinish hold only the texts, under their indexes as text).
        const sections = mirrorSections(englishSections, (form.getFieldValue(["fields", field]) ?? []) as Sections);
        out[field] = hasText(sections) ? sections : [];
      } else out[field] = ((values.fields?.[field] as string | undefined) ?? "").trim();
    }
    const saved = await save({
      write: (api) => api.translations.save.mutate({ kind, recordId, language, status: values.status, fields: out }),
      success: values.status === "published" ? E.saved(languageName) : E.savedDraft(languageName),
      failure: E.saveFailed,
    });
    if (saved) setDirty(false);
  };

  const remove = async () => {
    const done = await run({
      write: (api) => api.translations.delete.mutate({ kind, recordId, language }),
      success: E.deleted(languageName),
      failure: E.deleteFailed,
    });
    if (done.ok) setDirty(false);
  };

  /** Required to publish: checked here when Published is chosen (the server checks it too). */
  const publishRule =
    (field: string) =>
    ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
      validator: (_: unknown, value: unknown) =>
        getFieldValue("status") === "published" && String(value ?? "").trim() === ""
          ? Promise.reject(new Error(messages[field]))
          : Promise.resolve(),
    });

  return (
    <>
      <EditorHeader
        subtitle={E.subtitle(TR.kinds[kind], data.label, languageName)}
        backTo="/translations"
        backLabel={E.back}
        actions={
          <Segmented<TranslationLanguage>
            aria-label={E.otherLanguage}
            value={language}
            options={TRANSLATION_LANGUAGES.map((value) => ({ value, label: <span lang={tagOf(value)}>{TR.languages[value]}</span> }))}
            onChange={(value) => navigate(editorPath(kind, recordId, value))}
          />
        }
      />
      <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="translation-saved">
          {translation ? E.lastSaved(translation.updatedByName, formatDateTime(translation.updatedAt)) : E.notYet}
        </Typography.Paragraph>
        {data.needsUpdate ? <EnglishChanges changes={data.changes} /> : null}
        <Form<Values>
          form={form}
          layout="vertical"
          name="translation"
          requiredMark={false}
          initialValues={initialValues}
          onValuesChange={() => setDirty(true)}
          onFinish={(values) => void onFinish(values)}
          scrollToFirstError
        >
          <Card>
            {screens.md ? (
              <Row gutter={24} aria-hidden style={{ marginBottom: 12 }}>
                <Col span={12}>
                  <Typography.Text strong>{E.english}</Typography.Text>
                </Col>
                <Col span={12}>
                  <Typography.Text strong lang={tag}>
                    {nativeName}
                  </Typography.Text>
                </Col>
              </Row>
            ) : null}
            {fields.map((field) =>
              STRUCTURED_FIELDS.has(field) ? (
                <SectionsTranslation key={field} english={englishSections} nativeName={nativeName} tag={tag} />
              ) : (
                <FieldRow
                  key={field}
                  label={TR.fields[field] ?? field}
                  english={(english[field] as string | undefined) ?? ""}
                  html={data.htmlFields.includes(field)}
                  hint={required.has(field) ? E.requiredToPublish : E.optional}
                >
                  <Form.Item
                    name={["fields", field]}
                    label={E.translationOf(TR.fields[field] ?? field, nativeName)}
                    htmlFor={`translation-${field}`}
                    dependencies={["status"]}
                    rules={required.has(field) ? [publishRule(field)] : []}
                    style={{ marginBottom: 0 }}
                  >
                    {data.htmlFields.includes(field) ? (
                      <LazyRichTextEditor id={`translation-${field}`} label={E.translationOf(TR.fields[field] ?? field, nativeName)} />
                    ) : LONG_FIELDS.has(field) ? (
                      <Input.TextArea id={`translation-${field}`} lang={tag} autoSize={{ minRows: 3, maxRows: 16 }} />
                    ) : (
                      <Input id={`translation-${field}`} lang={tag} />
                    )}
                  </Form.Item>
                </FieldRow>
              ),
            )}
          </Card>
          <Flex justify="space-between" align="center" wrap gap={12} className="editor-actions" style={{ marginTop: 16 }}>
            <Form.Item name="status" label={E.status} style={{ margin: 0 }} tooltip={E.statusHelp}>
              <Radio.Group
                optionType="button"
                options={[
                  {
                    value: "published",
                    label: mayPublish ? (
                      E.statuses.published
                    ) : (
                      <Tooltip title={E.noPublish}>
                        <span>{E.statuses.published}</span>
                      </Tooltip>
                    ),
                    disabled: !mayPublish,
                  },
                  { value: "draft", label: E.statuses.draft },
                ]}
              />
            </Form.Item>
            <Flex gap={8} wrap>
              {translation ? (
                <Popconfirm
                  title={E.deleteTitle(languageName)}
                  description={E.deleteText}
                  okText={E.delete}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => void remove()}
                >
                  <Button danger icon={<DeleteOutlined />} loading={deleting}>
                    {E.delete}
                  </Button>
                </Popconfirm>
              ) : null}
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
                {E.save}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Flex>
    </>
  );
}
