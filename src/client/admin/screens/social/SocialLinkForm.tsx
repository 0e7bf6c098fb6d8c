import type { z } from "zod";
import { AutoComplete, Col, Flex, Form, Input, InputNumber, Row, Switch, Typography } from "antd";
import { SOCIAL_PLATFORMS_WITH_ICON, socialLinkFields } from "../../../../shared/schemas/social";
import { fieldOf } from "../../forms";
import { S } from "../../text-site";
import { DialogForm, useDialogForm, type DialogControls } from "../../components/FormDialog";
import { writeRecord } from "../../save";
import type { Outputs } from "../../outputs";
import { FOOTER_BACKGROUND, FooterIcon } from "./SocialIcon";

export type SocialLink = Outputs["socialMedia"]["adminList"][number];

/** The form's fields: the schema's own (what a save sends), checked by its rules field by field. */
type Values = z.input<typeof socialLinkFields>;

const T = S.social;

/** How each known platform is usually written, to fill an empty display name. */
const PLATFORM_NAMES: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  twitter: "Twitter",
  x: "X",
  linkedin: "LinkedIn",
};
const PLATFORM_OPTIONS = SOCIAL_PLATFORMS_WITH_ICON.map((platform) => ({
  value: platform,
  label: `${platform} (${PLATFORM_NAMES[platform]})`,
}));

/**
 * The create and edit form of a social link: platform (the known ones offered, any text accepted),
 * display name, URL, optional icon class (sent as null when empty), visibility and sort order, with a
 * preview of the icon in the footer's colours.
 */
export function SocialLinkForm({
  record,
  defaultSortOrder,
  controls,
}: {
  record: SocialLink | null;
  defaultSortOrder: number;
  controls: DialogControls;
}) {
  const { form, save: submit, props } = useDialogForm<Values>("socialMedia", controls);
  const platform = (Form.useWatch("platform", form) as string | undefined) ?? record?.platform ?? "";
  const displayName = (Form.useWatch("displayName", form) as string | undefined) ?? "";

  const save = async (values: Values): Promise<boolean> => {
    const fields = {
      platform: values.platform,
      displayName: values.displayName,
      url: values.url,
      iconClass: values.iconClass?.trim() ? values.iconClass.trim() : null,
      isVisible: values.isVisible,
      sortOrder: values.sortOrder ?? 0,
    };
    return submit({
      write: writeRecord(record, (api) => api.socialMedia, fields),
      success: record ? T.updated : T.created,
      failure: record ? T.updateFailed : T.createFailed,
    });
  };

  return (
    <DialogForm<Values>
      {...props}
      okText={record ? S.common.saveChanges : T.saveAdd}
      initialValues={{
        platform: record?.platform ?? "",
        displayName: record?.displayName ?? "",
        url: record?.url ?? "",
        iconClass: record?.iconClass ?? "",
        isVisible: record?.isVisible ?? true,
        sortOrder: record?.sortOrder ?? defaultSortOrder,
      }}
      onValuesChange={(changed: Partial<Values>) => {
        controls.setDirty(true);
        // Choosing a known platform names the link when no name was typed yet.
        const known = changed.platform !== undefined ? PLATFORM_NAMES[changed.platform.trim().toLowerCase()] : undefined;
        if (known && !String(form.getFieldValue("displayName") ?? "").trim()) form.setFieldValue("displayName", known);
      }}
      onFinish={save}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item {...fieldOf(socialLinkFields, "platform")} label={T.platform} required tooltip={T.platformHelp}>
            <AutoComplete
              options={PLATFORM_OPTIONS}
              placeholder={T.platformPlaceholder}
              showSearch={{ filterOption: (input, option) => String(option?.value ?? "").includes(input.trim().toLowerCase()) }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...fieldOf(socialLinkFields, "displayName")} label={T.displayName} required tooltip={T.displayNameHelp}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item {...fieldOf(socialLinkFields, "url")} label={T.url} required>
        <Input type="text" inputMode="url" placeholder={T.urlPlaceholder} autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item {...fieldOf(socialLinkFields, "iconClass")} label={T.iconClass}>
            <Input autoComplete="off" placeholder={T.iconClassHelp} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item {...fieldOf(socialLinkFields, "sortOrder")} label={T.sortOrder} tooltip={T.sortOrderHelp}>
            <InputNumber precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={7}>
          <Form.Item name="isVisible" label={T.visible} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={T.preview} extra={T.previewHelp}>
        <Flex
          align="center"
          gap={12}
          data-testid="footer-icon-preview"
          data-platform={platform.trim().toLowerCase()}
          style={{ background: FOOTER_BACKGROUND, borderRadius: 8, padding: "16px 20px" }}
        >
          <span role="img" aria-label={displayName.trim() || platform || T.preview}>
            <FooterIcon platform={platform} />
          </span>
          <Typography.Text style={{ color: "#d6e4e1" }}>{displayName.trim() || platform}</Typography.Text>
        </Flex>
      </Form.Item>
    </DialogForm>
  );
}
