import { SaveOutlined } from "@ant-design/icons";
import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Radio, Typography } from "antd";
import { useEffect, useState } from "react";
import {
  MAIL_SECURITY,
  MAIL_SECURITY_PORT,
  MAIL_SERVER_MESSAGES,
  mailServerInput,
  type MailSecurity,
} from "../../../../shared/schemas/settings";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../components/QueryState";
import { ToneTag } from "../../components/tones";
import { zodRule } from "../../forms";
import type { Outputs } from "../../outputs";
import { useAction } from "../../save";
import { M } from "../../text-mail";
import { SubSection } from "./SettingsSection";

/**
 * Settings > E-mail's mail server (issue 36): host, port, security, user, password and the sender,
 * saved on their own (a change of mail server asks "Confirm it's you"; save.ts asks when the server
 * says so). The password is never sent back: the form says it is set and offers to replace it. While
 * the server's environment sets mail (SMTP_URL), the same facts show read-only, saying so; while it sets
 * only the sender (MAIL_FROM), that field is read-only.
 */
const T = M.settings.server;
type MailServer = Outputs["settings"]["mailServer"];
interface Values {
  host: string;
  port: number | null;
  security: MailSecurity;
  user: string;
  password?: string;
  from: string;
}

export function MailServerForm() {
  const server = trpc.settings.mailServer.useQuery(undefined, { refetchOnMount: "always" });
  return (
    <SubSection title={T.title} testId="mail-server">
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <QueryState query={server} failed={T.loadFailed} compact>
        {(data) => (data.source === "environment" ? <FromEnvironment data={data} /> : <ServerForm data={data} />)}
      </QueryState>
    </SubSection>
  );
}

function FromEnvironment({ data }: { data: MailServer }) {
  return (
    <Flex vertical gap={12} data-testid="mail-server-environment">
      <Alert type="info" showIcon title={T.fromEnvironmentTitle} description={T.fromEnvironment} />
      <Descriptions
        size="small"
        column={1}
        styles={{ label: { width: 170 } }}
        items={[
          { key: "host", label: T.host, children: data.host },
          { key: "port", label: T.port, children: data.port },
          { key: "security", label: T.security, children: data.security ? T.securityOptions[data.security] : null },
          { key: "user", label: T.user, children: data.user || "-" },
          { key: "password", label: T.password, children: data.passwordSet ? T.passwordSet : T.passwordNotSet },
          { key: "from", label: T.from, children: data.from },
        ]}
      />
    </Flex>
  );
}

function ServerForm({ data }: { data: MailServer }) {
  const [form] = Form.useForm<Values>();
  const utils = trpc.useUtils();
  const { running, run } = useAction();
  // With a password saved, the field shows only when it is being replaced.
  const [replacing, setReplacing] = useState(!data.passwordSet);
  const security = Form.useWatch("security", form) ?? data.security ?? "starttls";

  useEffect(() => setReplacing(!data.passwordSet), [data.passwordSet]);

  const submit = (values: Values) =>
    run({
      form,
      write: (api) =>
        api.settings.setMailServer.mutate({
          host: values.host,
          port: values.port ?? 0,
          security: values.security,
          user: values.user ?? "",
          // Left out: the saved password stays.
          ...(replacing ? { password: values.password ?? "" } : {}),
          from: values.from ?? "",
        }),
      onSaved: (saved) => {
        utils.settings.mailServer.setData(undefined, saved);
        form.setFieldValue("password", undefined);
      },
      success: T.saved,
      failure: T.saveFailed,
      fieldErrorsOnly: true,
      refresh: ["mail"],
    });

  // A new security brings its usual port, unless another port was typed.
  const onValuesChange = (changed: Partial<Values>, all: Values) => {
    if (!changed.security) return;
    const usual = Object.values(MAIL_SECURITY_PORT);
    if (all.port === null || all.port === undefined || usual.includes(all.port))
      form.setFieldValue("port", MAIL_SECURITY_PORT[changed.security]);
  };

  return (
    <Form
      form={form}
      name="mail-server"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={onValuesChange}
      initialValues={{
        host: data.host ?? "",
        port: data.port ?? MAIL_SECURITY_PORT.starttls,
        security: data.security ?? "starttls",
        user: data.user,
        from: data.from,
      }}
    >
      <Flex gap={16} wrap>
        <Form.Item
          name="host"
          label={T.host}
          htmlFor="mail-server-host"
          extra={T.hostHelp}
          rules={[zodRule(mailServerInput, "host")]}
          style={{ flex: "1 1 280px" }}
        >
          <Input id="mail-server-host" autoComplete="off" spellCheck={false} maxLength={253} />
        </Form.Item>
        <Form.Item name="port" label={T.port} htmlFor="mail-server-port" rules={[zodRule(mailServerInput, "port")]}>
          <InputNumber id="mail-server-port" min={1} max={65535} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="security"
        label={T.security}
        extra={T.securityHelp[security]}
        dependencies={["user", "password"]}
        rules={[
          zodRule(mailServerInput, "security"),
          // The schema's cross-field rule, said at once: no password without TLS.
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value === "none" && (getFieldValue("user") || getFieldValue("password")))
                throw new Error(MAIL_SERVER_MESSAGES.passwordInClear);
            },
          }),
        ]}
      >
        <Radio.Group
          optionType="button"
          aria-label={T.security}
          options={MAIL_SECURITY.map((value) => ({ value, label: T.securityOptions[value] }))}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="user"
          label={T.user}
          htmlFor="mail-server-user"
          rules={[zodRule(mailServerInput, "user")]}
          style={{ flex: "1 1 240px" }}
        >
          <Input id="mail-server-user" autoComplete="off" spellCheck={false} maxLength={255} />
        </Form.Item>
        {replacing ? (
          <Form.Item
            name="password"
            label={T.password}
            htmlFor="mail-server-password"
            extra={
              data.passwordSet ? (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setReplacing(false)}>
                  {T.keepPassword}
                </Button>
              ) : (
                T.passwordHelp
              )
            }
            rules={[zodRule(mailServerInput, "password")]}
            style={{ flex: "1 1 240px" }}
          >
            <Input.Password id="mail-server-password" autoComplete="new-password" maxLength={500} />
          </Form.Item>
        ) : (
          <Form.Item label={T.password} style={{ flex: "1 1 240px" }}>
            <Flex gap={8} align="center" data-testid="mail-server-password-set">
              <ToneTag tone="green">{T.passwordSet}</ToneTag>
              <Button size="small" onClick={() => setReplacing(true)}>
                {T.replacePassword}
              </Button>
            </Flex>
          </Form.Item>
        )}
      </Flex>
      <Form.Item
        name="from"
        label={T.from}
        htmlFor="mail-server-from"
        extra={data.fromEnvironment ? T.senderFromEnvironment : T.fromHelp}
        rules={data.fromEnvironment ? [] : [{ required: true, message: MAIL_SERVER_MESSAGES.from }, zodRule(mailServerInput, "from")]}
      >
        <Input
          id="mail-server-from"
          inputMode="email"
          autoComplete="off"
          maxLength={255}
          readOnly={data.fromEnvironment}
          style={{ maxWidth: 420 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={running}>
        {T.save}
      </Button>
    </Form>
  );
}
