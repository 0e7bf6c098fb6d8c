import { BgColorsOutlined, UndoOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Form, Input, Space, Typography } from "antd";
import { useEffect, useRef } from "react";
import { contrastRatio, DEFAULT_ACCENT, ratioText, type Brand } from "../../../../shared/brand";
import { brandAccentInput } from "../../../../shared/schemas/brand";
import { trpc } from "../../../lib/trpc";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { fieldOf, toFormData } from "../../forms";
import { type Api, useAction } from "../../save";
import { B } from "../../text-brand";
import { SubSection } from "./SettingsSection";

/**
 * Settings > Brand (issue 36): the clinic's logo (SVG, sanitized by the server, or PNG) for the public
 * header, its favicon (the server makes the sizes), and the accent colour of the public site, checked
 * for contrast here as the server checks it (the same schema). Each part saves on its own.
 */
export function BrandSection() {
  const brand = trpc.brand.site.useQuery(undefined, { refetchOnMount: "always" });
  return (
    <Card title={B.title} data-testid="settings-brand">
      <Typography.Paragraph type="secondary">{B.intro}</Typography.Paragraph>
      <QueryState query={brand} failed={B.logo.failed} loading={<CardSkeleton />}>
        {(data) => (
          <>
            <ImagePart part="logo" brand={data} />
            <ImagePart part="favicon" brand={data} />
            <AccentPart brand={data} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

/** The logo or the favicon: what is in use, an upload, and the way back to the website's own. */
function ImagePart({ part, brand }: { part: "logo" | "favicon"; brand: Brand }) {
  const T = B[part];
  const utils = trpc.useUtils();
  const { running, run } = useAction();
  const input = useRef<HTMLInputElement>(null);
  const current = part === "logo" ? (brand.logo?.url ?? null) : (brand.favicon?.appleTouch ?? null);
  const shown = current ?? (part === "logo" ? "/images/logo.svg" : "/favicon.svg");

  const save = (write: (api: Api) => Promise<Brand>, success: string) =>
    run({ write, success, failure: T.failed, onSaved: (saved) => utils.brand.site.setData(undefined, saved) });
  const upload = (file: File) =>
    save(
      (api) =>
        part === "logo"
          ? api.brand.setLogo.mutate(toFormData({}, { logo: file }))
          : api.brand.setFavicon.mutate(toFormData({}, { favicon: file })),
      T.saved,
    );

  return (
    <SubSection title={T.title} testId={`brand-${part}`}>
      <Typography.Paragraph type="secondary">{T.help}</Typography.Paragraph>
      <Flex align="center" gap={16} wrap>
        <div style={{ padding: 8, border: "1px solid #f0f0f0", borderRadius: 8, background: "#fffdf9" }}>
          <img
            src={shown}
            alt={current ? T.current : T.siteOwn}
            height={part === "logo" ? 40 : 32}
            style={{ display: "block", maxWidth: 200, width: "auto" }}
            data-testid={`brand-${part}-preview`}
          />
        </div>
        <input
          ref={input}
          type="file"
          accept=".svg,.png,image/svg+xml,image/png"
          hidden
          data-testid={`brand-${part}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <Space wrap>
          <Button icon={<UploadOutlined />} loading={running} onClick={() => input.current?.click()}>
            {T.upload}
          </Button>
          {current ? (
            <Button
              icon={<UndoOutlined />}
              disabled={running}
              onClick={() =>
                void save((api) => (part === "logo" ? api.brand.removeLogo.mutate() : api.brand.removeFavicon.mutate()), T.removed)
              }
            >
              {T.remove}
            </Button>
          ) : null}
        </Space>
      </Flex>
    </SubSection>
  );
}

/** The accent colour: typed or picked, checked for contrast as it is typed, with a sample button. */
function AccentPart({ brand }: { brand: Brand }) {
  const T = B.accent;
  const utils = trpc.useUtils();
  const [form] = Form.useForm<{ accentColor: string }>();
  const { running, run } = useAction();
  const value = Form.useWatch("accentColor", form) ?? "";
  useEffect(() => form.setFieldsValue({ accentColor: brand.accentColor ?? DEFAULT_ACCENT }), [form, brand.accentColor]);
  const valid = /^#[0-9a-f]{6}$/i.test(value.trim());
  const colour = valid ? value.trim().toLowerCase() : (brand.accentColor ?? DEFAULT_ACCENT);

  const save = (accentColor: string | null, success: string) =>
    run({
      form,
      write: (api) => api.brand.setAccent.mutate({ accentColor }),
      success,
      failure: T.failed,
      fieldErrorsOnly: true,
      onSaved: (saved) => utils.brand.site.setData(undefined, saved),
    });

  return (
    <SubSection title={T.title} testId="brand-accent">
      <Typography.Paragraph type="secondary">{T.help}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="brand-accent"
        requiredMark={false}
        initialValues={{ accentColor: brand.accentColor ?? DEFAULT_ACCENT }}
        onFinish={({ accentColor }) => void save(accentColor, T.saved)}
      >
        <Flex gap={16} align="start" wrap>
          <Form.Item {...fieldOf(brandAccentInput, "accentColor")} label={T.label} htmlFor="brand-accent-input" validateFirst>
            <Input
              id="brand-accent-input"
              style={{ width: 200, fontFamily: "ui-monospace, monospace" }}
              maxLength={7}
              addonBefore={
                <input
                  type="color"
                  aria-label={T.pick}
                  value={colour}
                  onChange={(event) => form.setFieldsValue({ accentColor: event.target.value })}
                  style={{ width: 28, height: 22, padding: 0, border: 0, background: "none", cursor: "pointer" }}
                />
              }
            />
          </Form.Item>
          <Form.Item label={T.sampleLabel}>
            <Flex align="center" gap={12}>
              <span
                data-testid="brand-accent-sample"
                style={{ background: colour, color: "#fff", padding: "6px 16px", borderRadius: 999, fontWeight: 600 }}
              >
                {T.sample}
              </span>
              <Typography.Text type="secondary">{T.contrast(ratioText(contrastRatio(colour, "#ffffff")))}</Typography.Text>
            </Flex>
          </Form.Item>
        </Flex>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<BgColorsOutlined />} loading={running}>
            {T.save}
          </Button>
          {brand.accentColor ? (
            <Button icon={<UndoOutlined />} disabled={running} onClick={() => void save(null, T.resetDone)}>
              {T.reset}
            </Button>
          ) : null}
        </Space>
      </Form>
    </SubSection>
  );
}
