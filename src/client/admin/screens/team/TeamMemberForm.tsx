import type { z } from "zod";
import { Flex, Form, Input, Spin, Typography } from "antd";
import { useState } from "react";
import { teamMemberFields } from "../../../../shared/schemas/team";
import { ImagePicker } from "../../components/ImagePicker";
import type { PickedUpload } from "../../components/MediaPicker";
import { toFormData, fieldOf } from "../../forms";
import { S } from "../../text-site";
import { DialogForm, useDialogForm, type DialogControls } from "../../components/FormDialog";
import { type UploadProgress, useAction, writeRecord } from "../../save";
import type { Outputs } from "../../outputs";

export type TeamMember = Outputs["team"]["adminList"][number];

/** The form's fields: the schema's own (what a save sends), checked by its rules field by field. */
type Values = z.input<typeof teamMemberFields>;

const T = S.team;

/**
 * The add and edit form of a team member. The photo uploads as soon as it is chosen (with the
 * "Uploading image..." indicator); the answer's address is what the record keeps. Checks in the spec's
 * order: name, role, bio, image (an existing photo or a newly uploaded one).
 */
export function TeamMemberForm({ record, controls }: { record: TeamMember | null; controls: DialogControls }) {
  const { form, save: submit, saving, props } = useDialogForm<Values>("team", controls);
  const { run: runUpload, upload } = useAction();
  const [uploadingFile, setUploadingFile] = useState<File | null>(null);
  const imageUrl = Form.useWatch("imageUrl", form) as string | undefined;

  const markDirty = () => controls.setDirty(true);

  const chooseImage = async (file: File | null) => {
    if (!file) return;
    setUploadingFile(file);
    const uploaded = await runUpload({
      write: (api) => api.team.uploadImage.mutate(toFormData({}, { image: file })),
      showsUpload: true,
      success: null, // the photo appears in the form
      failure: T.uploadFailed,
    });
    setUploadingFile(null);
    if (uploaded.ok) {
      form.setFieldValue("imageUrl", uploaded.result.imageUrl);
      markDirty();
      void form.validateFields(["imageUrl"]);
    }
  };

  const save = async (values: Values): Promise<boolean> => {
    return submit({
      write: writeRecord(record, (api) => api.team, values),
      success: record ? T.updated : T.added,
      failure: record ? T.updateFailed : T.addFailed,
    });
  };

  const uploading = uploadingFile !== null;
  return (
    <DialogForm<Values>
      {...props}
      okText={record ? S.common.saveChanges : T.saveAdd}
      okDisabled={uploading}
      initialValues={{ name: record?.name ?? "", role: record?.role ?? "", bio: record?.bio ?? "", imageUrl: record?.imageUrl ?? "" }}
      onFinish={save}
    >
      <Form.Item {...fieldOf(teamMemberFields, "name")} label={T.name} required>
        <Input placeholder={T.namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item {...fieldOf(teamMemberFields, "role")} label={T.role} required>
        <Input placeholder={T.rolePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item {...fieldOf(teamMemberFields, "bio")} label={T.bio} required>
        <Input.TextArea rows={4} placeholder={T.bioPlaceholder} />
      </Form.Item>
      <Form.Item {...fieldOf(teamMemberFields, "imageUrl")} label={T.image} required extra={T.imageHelp} valuePropName="data-url">
        <PhotoField
          file={uploadingFile}
          imageUrl={imageUrl ?? ""}
          uploading={uploading}
          upload={upload}
          disabled={saving || uploading}
          onChoose={(file) => void chooseImage(file)}
          onPickUpload={(picked) => {
            form.setFieldValue("imageUrl", picked.url);
            markDirty();
            void form.validateFields(["imageUrl"]);
          }}
        />
      </Form.Item>
    </DialogForm>
  );
}

/** The photo picker with its upload indicator (a round preview, as the About page shows it). */
function PhotoField({
  file,
  imageUrl,
  uploading,
  upload,
  disabled,
  onChoose,
  onPickUpload,
}: {
  file: File | null;
  imageUrl: string;
  uploading: boolean;
  upload: UploadProgress | null;
  disabled: boolean;
  onChoose: (file: File | null) => void;
  onPickUpload: (picked: PickedUpload) => void;
}) {
  return (
    <Flex vertical gap={8}>
      <ImagePicker
        label={T.image}
        file={file}
        currentUrl={imageUrl || null}
        onChange={onChoose}
        onPickUpload={onPickUpload}
        disabled={disabled}
        upload={upload}
      />
      {uploading ? (
        <Flex align="center" gap={8} role="status" data-testid="team-uploading">
          <Spin size="small" />
          <Typography.Text type="secondary">{T.uploading}</Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );
}
