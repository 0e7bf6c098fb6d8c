import { SendOutlined, TranslationOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Collapse, Flex, Form, Input, Popconfirm, Segmented, Table, Tabs, Typography } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { LEGAL_KINDS, LEGAL_TEXTS, type LegalKind } from "../../../../shared/legal";
import { isLanguageCode, LANGUAGE_CODES, languageOf, localizedPath, type LanguageCode } from "../../../../shared/languages";
import { trpc } from "../../../lib/trpc";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { PageHeader } from "../../components/PageHeader";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { useAdminNavigate, useUnsavedChanges } from "../../navigation";
import type { Outputs } from "../../outputs";
import { usePermissions } from "../../permissions";
import { hasPermission } from "../../../../shared/permissions";
import { TRANSLATOR_PERMISSIONS } from "../../../../shared/translatable";
import { useSave } from "../../save";
import { L } from "../../text-legal";
import { TR } from "../../text-translations";
import { formatDateTime } from "../../dates";

type LegalText = Outputs["legal"]["versions"][number];
type Translated = Exclude<LanguageCode, "en">;

/**
 * Legal Texts (super admins; the server refuses anyone else): one tab per text, in the language chosen
 * above the tabs (English, Español, 中文; kept in the address as ?language=, with ?kind= for the tab).
 * Each shows the version in force and its history, and a draft (the current text to start from, in the
 * visual editor, with an effective date) that Publish makes the next version. A Spanish or Chinese
 * version translates the English version in force when it is published: the tab says when the English
 * has a newer version since ("needs update"), and shows the English text in force to translate from.
 * A language without a version yet starts from the English. The draft lives in this screen until published.
 */
export default function LegalTextsScreen() {
  const [params, setParams] = useSearchParams();
  const navigate = useAdminNavigate();
  const permissions = usePermissions();
  const asked = params.get("language");
  const language: LanguageCode = isLanguageCode(asked) ? asked : "en";
  const askedKind = params.get("kind");
  const kind = (LEGAL_KINDS as readonly string[]).includes(askedKind ?? "") ? (askedKind as LegalKind) : LEGAL_KINDS[0];
  const choose = (patch: { language?: LanguageCode; kind?: LegalKind }) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || (key === "language" && value === "en") || (key === "kind" && value === LEGAL_KINDS[0]))
            next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        subtitle={L.subtitle}
        extra={
          <>
            <Segmented<LanguageCode>
              aria-label={TR.legalScreen.languageLabel}
              value={language}
              options={LANGUAGE_CODES.map((code) => ({
                value: code,
                label: <span lang={languageOf(code).tag}>{TR.languages[code]}</span>,
              }))}
              onChange={(value) => choose({ language: value })}
              data-testid="legal-language"
            />
            {TRANSLATOR_PERMISSIONS.some((permission) => hasPermission(permissions, permission)) ? (
              <Button icon={<TranslationOutlined />} onClick={() => navigate("/translations")}>
                {TR.legalScreen.translations}
              </Button>
            ) : null}
          </>
        }
      />
      <Tabs
        activeKey={kind}
        onChange={(key) => choose({ kind: key as LegalKind })}
        items={LEGAL_KINDS.map((each) => ({
          key: each,
          label: LEGAL_TEXTS[each].title,
          children: <LegalTextTab key={`${each}-${language}`} kind={each} language={language} />,
        }))}
        destroyOnHidden
      />
    </>
  );
}

function LegalTextTab({ kind, language }: { kind: LegalKind; language: LanguageCode }) {
  // What visitors agree to: read afresh each visit.
  const versions = trpc.legal.versions.useQuery(language === "en" ? { kind } : { kind, language }, { refetchOnMount: "always" });
  return (
    <QueryState query={versions} failed={L.loadFailed} loading={<CardSkeleton />}>
      {(list) =>
        language === "en" ? (
          <Flex vertical gap={24} style={{ maxWidth: 900 }}>
            {list[0] ? <Draft kind={kind} language="en" current={list[0]} /> : null}
            <History list={list} />
          </Flex>
        ) : (
          <TranslatedTab kind={kind} language={language} list={list} />
        )
      }
    </QueryState>
  );
}

/** A Spanish or Chinese text: whether it translates the English in force, the English to translate from, its draft and history. */
function TranslatedTab({ kind, language, list }: { kind: LegalKind; language: Translated; list: LegalText[] }) {
  const english = trpc.legal.versions.useQuery({ kind }, { refetchOnMount: "always" });
  const name = TR.languageNames[language];
  return (
    <QueryState query={english} failed={L.loadFailed} loading={<CardSkeleton />}>
      {(englishList) => {
        const inForce = englishList[0];
        const current = list[0];
        if (!inForce) return null;
        const stale = current !== undefined && (current.sourceVersion ?? 0) < inForce.version;
        return (
          <Flex vertical gap={24} style={{ maxWidth: 900 }}>
            {current === undefined ? (
              <Alert type="info" showIcon title={TR.legalScreen.noVersion(name)} data-testid="legal-translation-state" />
            ) : stale ? (
              <Alert
                type="warning"
                showIcon
                title={TR.states.needsUpdate}
                description={TR.legalScreen.needsUpdate(inForce.version, current.sourceVersion)}
                data-testid="legal-translation-state"
              />
            ) : (
              <Alert type="success" showIcon title={TR.legalScreen.upToDate(inForce.version)} data-testid="legal-translation-state" />
            )}
            <Collapse
              items={[
                {
                  key: "english",
                  label: TR.legalScreen.englishText(inForce.label),
                  children: (
                    <div lang="en">
                      <LazyRichTextEditor value={inForce.html} label={TR.legalScreen.englishText(inForce.label)} disabled />
                    </div>
                  ),
                },
              ]}
            />
            <Draft kind={kind} language={language} current={current} startFrom={inForce} />
            <History list={list} />
          </Flex>
        );
      }}
    </QueryState>
  );
}

const when = (date: Date) => formatDateTime(date);

/**
 * The next version: the current text (or, for a language without a version yet, the English in force)
 * to start from, its effective date, and Publish.
 */
function Draft({
  kind,
  language,
  current,
  startFrom,
}: {
  kind: LegalKind;
  language: LanguageCode;
  current: LegalText | undefined;
  startFrom?: LegalText;
}) {
  const [form] = Form.useForm<{ effectiveDate: string; html: string }>();
  const { saving, run } = useSave("legal");
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const base = current ?? startFrom;
  useEffect(() => {
    if (!base) return;
    form.setFieldsValue({ effectiveDate: base.effectiveDate, html: base.html });
    setDirty(false);
  }, [form, base]);
  const title = LEGAL_TEXTS[kind].title;
  const id = `legal-${kind}${language === "en" ? "" : `-${language}`}`;

  const publish = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const saved = await run({
      form,
      write: (api) => api.legal.publish.mutate({ kind, language, ...values }),
      success: (text) => L.published(text.label),
      failure: L.publishFailed,
    });
    if (saved.ok) setDirty(false);
  };

  return (
    <Card
      title={current ? L.current(current.label) : TR.legalScreen.firstVersion(TR.languageNames[language as Translated] ?? "")}
      data-testid={`legal-${kind}`}
      extra={
        <a href={localizedPath(LEGAL_TEXTS[kind].path, language)} target="_blank" rel="noreferrer">
          {L.page}
        </a>
      }
    >
      {current ? (
        <Typography.Paragraph type="secondary">{L.publishedBy(current.publishedBy, when(current.publishedAt))}</Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} name={id} onValuesChange={() => setDirty(true)}>
        <Form.Item
          name="effectiveDate"
          label={L.effectiveDate}
          htmlFor={`${id}-date`}
          rules={[{ required: true, message: L.effectiveDateRule }]}
        >
          <Input id={`${id}-date`} type="date" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="html" label={L.text} htmlFor={`${id}-html`} rules={[{ required: true, message: L.textRule }]}>
          <LazyRichTextEditor label={L.textLabel(title)} id={`${id}-html`} />
        </Form.Item>
        <Popconfirm title={L.publishConfirm} okText={L.publishOk} onConfirm={() => void publish()}>
          <Button type="primary" icon={<SendOutlined />} loading={saving} disabled={!dirty}>
            {L.publish}
          </Button>
        </Popconfirm>
      </Form>
    </Card>
  );
}

function History({ list }: { list: LegalText[] }) {
  return (
    <Card title={L.versions}>
      <Table
        rowKey="version"
        size="small"
        pagination={false}
        dataSource={list}
        columns={[
          { title: L.version, dataIndex: "label" },
          { title: L.effectiveDate, dataIndex: "effectiveDate" },
          { title: "", key: "published", render: (_, text: LegalText) => L.publishedBy(text.publishedBy, when(text.publishedAt)) },
          { title: L.sha256, dataIndex: "sha256", render: (hash: string) => <Typography.Text code>{hash.slice(0, 16)}…</Typography.Text> },
        ]}
      />
    </Card>
  );
}
