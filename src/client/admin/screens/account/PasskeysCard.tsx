import { KeyOutlined } from "@ant-design/icons";
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { startPasskeyRegistrationInput } from "../../../../shared/schemas/passkeys";
import type { RouterOutputs } from "../../../lib/api-types";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { DialogForm, FormDialog, type DialogControls } from "../../components/FormDialog";
import { QueryTable } from "../../components/QueryTable";
import { TimeCell } from "../../components/TimeCell";
import { useFeedback } from "../../feedback";
import { zodRule } from "../../forms";
import { AbortSave, useSave, type Api } from "../../save";
import { P } from "../../text-passkeys";

/**
 * The signed-in user's passkeys (My Account): each with its name, when it was added and last used;
 * "Add a passkey" asks a name, then the browser creates the passkey (passkeys.startRegistration, the
 * browser's navigator.credentials.create through @simplewebauthn/browser, passkeys.finishRegistration);
 * rename; remove after a confirmation.
 */
type Passkey = RouterOutputs["passkeys"]["list"][number];

const nameRule = zodRule(startPasskeyRegistrationInput, "name");

export function PasskeysCard() {
  const passkeys = trpc.passkeys.list.useQuery(undefined, { refetchOnMount: "always" });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const removeAfterConfirm = useConfirmDelete("passkeys");
  const supported = typeof window !== "undefined" && browserSupportsWebAuthn();

  const remove = (passkey: Passkey) =>
    removeAfterConfirm({
      title: P.removeDialog.title,
      content: P.removeDialog.text(passkey.name),
      write: (api) => api.passkeys.remove.mutate({ id: passkey.id }),
      success: P.removeDialog.success,
      failure: P.removeDialog.failed,
    });

  return (
    <Card title={P.card.title} data-testid="account-passkeys">
      <Typography.Paragraph type="secondary">{P.card.intro}</Typography.Paragraph>
      <QueryTable<Passkey>
        query={passkeys}
        failed={P.card.loadFailed}
        pagination={false}
        // The table's own placeholder grey is below AA contrast: the words in the portal's readable secondary text.
        locale={{ emptyText: <Typography.Text type="secondary">{P.card.empty}</Typography.Text> }}
        style={{ marginBottom: 16 }}
        columns={[
          {
            key: "name",
            title: P.card.name,
            dataIndex: "name",
            render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
          },
          { key: "created", title: P.card.created, render: (_, row) => <TimeCell value={row.createdAt} /> },
          {
            key: "used",
            title: P.card.lastUsed,
            render: (_, row) =>
              row.lastUsedAt ? <TimeCell value={row.lastUsedAt} /> : <Typography.Text type="secondary">{P.card.never}</Typography.Text>,
          },
          {
            key: "actions",
            title: <span className="visually-hidden">{P.card.actions}</span>,
            align: "right",
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => setRenaming(row)} aria-label={`${P.card.rename} ${row.name}`}>
                  {P.card.rename}
                </Button>
                <Button size="small" danger onClick={() => remove(row)} aria-label={`${P.card.remove} ${row.name}`}>
                  {P.card.remove}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {supported ? (
        <Button type="primary" icon={<KeyOutlined />} onClick={() => setAdding(true)}>
          {P.card.add}
        </Button>
      ) : (
        <Alert type="info" showIcon title={P.card.unsupported} />
      )}

      <FormDialog open={adding} title={P.addDialog.title} width={480} onClose={() => setAdding(false)}>
        {(controls) => <AddPasskeyForm controls={controls} />}
      </FormDialog>
      <FormDialog open={renaming !== null} title={P.renameDialog.title} width={480} onClose={() => setRenaming(null)}>
        {(controls) => (renaming ? <RenamePasskeyForm controls={controls} passkey={renaming} /> : null)}
      </FormDialog>
    </Card>
  );
}

/** The name first (checked by the server before the browser is asked), then the browser's own dialog. */
function AddPasskeyForm({ controls }: { controls: DialogControls }) {
  const [form] = Form.useForm<{ name: string }>();
  const { saving, run } = useSave("passkeys");
  const feedback = useFeedback();

  const create = async (api: Api, name: string) => {
    const { options } = await api.passkeys.startRegistration.mutate({ name });
    let response: RegistrationResponseJSON;
    try {
      response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
    } catch (error) {
      feedback.error(
        P.addDialog.failed,
        error instanceof Error && error.name !== "NotAllowedError" && !("code" in error) ? error.message : P.addDialog.cancelled,
      );
      throw new AbortSave();
    }
    return api.passkeys.finishRegistration.mutate({ response: response as never });
  };

  const submit = async ({ name }: { name: string }) =>
    (
      await run({
        form,
        write: (api) => create(api, name),
        success: (added) => [P.addDialog.success, P.addDialog.successText(added.name)],
        failure: P.addDialog.failed,
      })
    ).ok;

  return (
    <DialogForm form={form} controls={controls} saving={saving} okText={P.addDialog.ok} onFinish={submit} testId="add-passkey-form">
      <Typography.Paragraph>{P.addDialog.text}</Typography.Paragraph>
      <Form.Item name="name" label={P.addDialog.name} required rules={[nameRule]}>
        <Input maxLength={100} placeholder={P.addDialog.placeholder} autoComplete="off" autoFocus />
      </Form.Item>
    </DialogForm>
  );
}

function RenamePasskeyForm({ controls, passkey }: { controls: DialogControls; passkey: Passkey }) {
  const [form] = Form.useForm<{ name: string }>();
  const { saving, run } = useSave("passkeys");
  const submit = async ({ name }: { name: string }) =>
    (
      await run({
        form,
        write: (api) => api.passkeys.rename.mutate({ id: passkey.id, name }),
        success: P.renameDialog.success,
        failure: P.renameDialog.failed,
      })
    ).ok;
  return (
    <DialogForm
      form={form}
      controls={controls}
      saving={saving}
      okText={P.renameDialog.ok}
      onFinish={submit}
      initialValues={{ name: passkey.name }}
    >
      <Flex vertical>
        <Form.Item name="name" label={P.addDialog.name} required rules={[nameRule]}>
          <Input maxLength={100} autoComplete="off" autoFocus />
        </Form.Item>
      </Flex>
    </DialogForm>
  );
}
