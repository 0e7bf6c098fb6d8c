import { DeleteOutlined, EditOutlined, SwapOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Form, Input, Space, Tooltip, Typography } from "antd";
import { useState } from "react";
import { redirectInput } from "../../../../shared/schemas/redirects";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { DialogForm, FormDialog, useDialogForm, type DialogControls } from "../../components/FormDialog";
import { PageHeader } from "../../components/PageHeader";
import { AddButton } from "../../components/QueryState";
import { QueryTable } from "../../components/QueryTable";
import { TimeCell } from "../../components/TimeCell";
import { ToneTag } from "../../components/tones";
import { fieldOf } from "../../forms";
import type { Outputs } from "../../outputs";
import { A } from "../../text";
import { RD } from "../../text-redirects";
import { S } from "../../text-site";

type Redirect = Outputs["redirects"]["list"][number];
type Miss = Outputs["redirects"]["notFoundLog"][number];

/** What the dialog is for: a new redirect, one to edit, or a 404 log entry to redirect. */
type Dialog = { kind: "add" } | { kind: "edit"; redirect: Redirect } | { kind: "miss"; miss: Miss };

/**
 * Redirects and the 404 log (issue 39): the redirects (from, to or Gone, what made each, hits, last
 * hit), added, edited and deleted in a dialog; below, the missing addresses visitors asked for, each
 * turned into a redirect in one step (the same dialog, its old address the entry's) or dismissed.
 */
export default function RedirectsScreen() {
  const list = trpc.redirects.list.useQuery();
  const misses = trpc.redirects.notFoundLog.useQuery();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const confirmDelete = useConfirmDelete("redirects");

  const askDelete = (redirect: Redirect) =>
    confirmDelete({
      title: RD.deleteTitle,
      content: RD.deleteQuestion(redirect.fromPath),
      write: (api) => api.redirects.delete.mutate({ id: redirect.id }),
      success: RD.deleted,
      failure: RD.deleteFailed,
    });
  const askDismiss = (miss: Miss) =>
    confirmDelete({
      title: RD.dismissTitle,
      content: RD.dismissQuestion(miss.path),
      write: (api) => api.redirects.deleteNotFound.mutate({ id: miss.id }),
      success: RD.dismissed,
      failure: RD.dismissFailed,
    });

  return (
    <>
      <PageHeader subtitle={RD.subtitle} extra={<AddButton label={RD.add} onClick={() => setDialog({ kind: "add" })} />} />
      <Space direction="vertical" size={24} style={{ width: "100%" }}>
        <Card title={RD.redirects} data-testid="redirects">
          <QueryTable<Redirect>
            query={list}
            failed={RD.redirects}
            empty={{ when: (rows) => rows.length === 0, title: RD.empty, text: RD.emptyText }}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={[
              { title: RD.from, dataIndex: "fromPath", render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
              {
                title: RD.to,
                dataIndex: "toPath",
                render: (value: string | null) =>
                  value === null ? <ToneTag tone="red">{RD.gone}</ToneTag> : <Typography.Text code>{value}</Typography.Text>,
              },
              { title: RD.origin, dataIndex: "origin", render: (value: string) => RD.origins[value] ?? value },
              { title: RD.hits, dataIndex: "hits", align: "right" },
              {
                title: RD.lastHit,
                dataIndex: "lastHitAt",
                render: (value: Date | null) => (value ? <TimeCell value={value} /> : A.common.never),
              },
              {
                title: A.common.actions,
                key: "actions",
                render: (_, redirect) => (
                  <Flex gap={8}>
                    <Tooltip title={RD.editLabel(redirect.fromPath)}>
                      <Button
                        icon={<EditOutlined />}
                        aria-label={RD.editLabel(redirect.fromPath)}
                        onClick={() => setDialog({ kind: "edit", redirect })}
                      />
                    </Tooltip>
                    <Tooltip title={RD.deleteLabel(redirect.fromPath)}>
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={RD.deleteLabel(redirect.fromPath)}
                        onClick={() => askDelete(redirect)}
                      />
                    </Tooltip>
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
        <Card title={RD.notFound} data-testid="not-found-log">
          <Typography.Paragraph type="secondary">{RD.notFoundHelp}</Typography.Paragraph>
          <QueryTable<Miss>
            query={misses}
            failed={RD.notFound}
            empty={{ when: (rows) => rows.length === 0, title: RD.notFoundEmpty, text: RD.notFoundEmptyText }}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={[
              { title: RD.address, dataIndex: "path", render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
              { title: RD.hits, dataIndex: "hits", align: "right" },
              { title: RD.lastSeen, dataIndex: "lastSeenAt", render: (value: Date) => <TimeCell value={value} /> },
              { title: RD.referrer, dataIndex: "referrerDomain", render: (value: string | null) => value ?? RD.noReferrer },
              {
                title: A.common.actions,
                key: "actions",
                render: (_, miss) => (
                  <Flex gap={8}>
                    <Button
                      icon={<SwapOutlined />}
                      aria-label={RD.redirectLabel(miss.path)}
                      onClick={() => setDialog({ kind: "miss", miss })}
                    >
                      {RD.redirect}
                    </Button>
                    <Tooltip title={RD.dismissLabel(miss.path)}>
                      <Button icon={<DeleteOutlined />} aria-label={RD.dismissLabel(miss.path)} onClick={() => askDismiss(miss)} />
                    </Tooltip>
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
      </Space>
      <FormDialog
        open={dialog !== null}
        title={dialog?.kind === "edit" ? RD.editTitle : dialog?.kind === "miss" ? RD.redirectTitle : RD.addTitle}
        onClose={() => setDialog(null)}
      >
        {(controls) => (dialog ? <RedirectForm dialog={dialog} controls={controls} /> : null)}
      </FormDialog>
    </>
  );
}

interface Values {
  fromPath: string;
  toPath: string;
}

/** The dialog's form: the old address (fixed when editing or redirecting a 404 log entry) and the new one (empty: Gone). */
function RedirectForm({ dialog, controls }: { dialog: Dialog; controls: DialogControls }) {
  const { save: submit, props } = useDialogForm<Values>("redirects", controls);
  const from = dialog.kind === "edit" ? dialog.redirect.fromPath : dialog.kind === "miss" ? dialog.miss.path : "";

  const save = (values: Values): Promise<boolean> => {
    const toPath = values.toPath?.trim() ? values.toPath.trim() : null;
    if (dialog.kind === "edit")
      return submit({
        write: (api) => api.redirects.update.mutate({ id: dialog.redirect.id, toPath }),
        success: RD.updated,
        failure: RD.updateFailed,
      });
    if (dialog.kind === "miss")
      return submit({
        write: (api) => api.redirects.redirectNotFound.mutate({ id: dialog.miss.id, toPath }),
        success: RD.created,
        failure: RD.createFailed,
      });
    return submit({
      write: (api) => api.redirects.create.mutate({ fromPath: values.fromPath, toPath }),
      success: RD.created,
      failure: RD.createFailed,
    });
  };

  return (
    <DialogForm<Values>
      {...props}
      testId="redirect-form"
      okText={dialog.kind === "edit" ? S.common.saveChanges : dialog.kind === "miss" ? RD.redirectSave : RD.saveAdd}
      initialValues={{ fromPath: from, toPath: dialog.kind === "edit" ? (dialog.redirect.toPath ?? "") : "" }}
      onFinish={save}
    >
      <Form.Item {...fieldOf(redirectInput, "fromPath")} label={RD.from} extra={RD.fromHelp} required>
        <Input disabled={dialog.kind !== "add"} placeholder="/old-page" />
      </Form.Item>
      <Form.Item {...fieldOf(redirectInput, "toPath")} label={RD.to} extra={RD.toHelp}>
        <Input placeholder={RD.toPlaceholder} />
      </Form.Item>
    </DialogForm>
  );
}
