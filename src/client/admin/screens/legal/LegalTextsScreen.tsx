import { SendOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Form, Input, Popconfirm, Table, Tabs, Typography } from "antd";
import { useEffect, useState } from "react";
import { LEGAL_KINDS, LEGAL_TEXTS, type LegalKind } from "../../../../shared/legal";
import { trpc } from "../../../lib/trpc";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { PageHeader } from "../../components/PageHeader";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { useUnsavedChanges } from "../../navigation";
import type { Outputs } from "../../outputs";
import { useSave } from "../../save";
import { L } from "../../text-legal";

type LegalText = Outputs["legal"]["versions"][number];

/**
 * Legal Texts (super admins; the server refuses anyone else): one tab per text. Each shows the version
 * in force and its history, and a draft (the current text to start from, in the visual editor, with an
 * effective date) that Publish makes the next version. The draft lives in this screen until published.
 */
export default function LegalTextsScreen() {
  return (
    <>
      <PageHeader subtitle={L.subtitle} />
      <Tabs items={LEGAL_KINDS.map((kind) => ({ key: kind, label: LEGAL_TEXTS[kind].title, children: <LegalTextTab kind={kind} /> }))} destroyOnHidden />
    </>
  );
}

function LegalTextTab({ kind }: { kind: LegalKind }) {
  // What visitors agree to: read afresh each visit.
  const versions = trpc.legal.versions.useQuery({ kind }, { refetchOnMount: "always" });
  return (
    <QueryState
      query={versions}
      failed={L.loadFailed}
      loading={<CardSkeleton />}
    >
      {(list) => (
        <Flex vertical gap={24} style={{ maxWidth: 900 }}>
          {list[0] ? <Draft kind={kind} current={list[0]} /> : null}
          <History list={list} />
        </Flex>
      )}
    </QueryState>
  );
}

const when = (date: Date) => new Date(date).toLocaleString();

function Draft({ kind, current }: { kind: LegalKind; current: LegalText }) {
  const [form] = Form.useForm<{ effectiveDate: string; html: string }>();
  const { saving, run } = useSave("legal");
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  useEffect(() => {
    form.setFieldsValue({ effectiveDate: current.effectiveDate, html: current.html });
    setDirty(false);
  }, [form, current]);
  const title = LEGAL_TEXTS[kind].title;

  const publish = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const saved = await run({
      form,
      write: (api) => api.legal.publish.mutate({ kind, ...values }),
      success: (text) => L.published(text.label),
      failure: L.publishFailed,
    });
    if (saved.ok) setDirty(false);
  };

  return (
    <Card
      title={L.current(current.label)}
      data-testid={`legal-${kind}`}
      extra={
        <a href={LEGAL_TEXTS[kind].path} target="_blank" rel="noreferrer">
          {L.page}
        </a>
      }
    >
      <Typography.Paragraph type="secondary">{L.publishedBy(current.publishedBy, when(current.publishedAt))}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name={`legal-${kind}`} onValuesChange={() => setDirty(true)}>
        <Form.Item name="effectiveDate" label={L.effectiveDate} htmlFor={`legal-${kind}-date`} rules={[{ required: true, message: L.effectiveDateRule }]}>
          <Input id={`legal-${kind}-date`} type="date" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="html" label={L.text} htmlFor={`legal-${kind}-html`} rules={[{ required: true, message: L.textRule }]}>
          <LazyRichTextEditor label={L.textLabel(title)} id={`legal-${kind}-html`} />
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
