import type { z } from "zod";
import { Col, Form, Input, InputNumber, Row, Switch } from "antd";
import { useState } from "react";
import { seoFilenameFromFileName, websiteImageFields } from "../../../../shared/schemas/images";
import { ImagePicker } from "../../components/ImagePicker";
import type { PickedUpload } from "../../components/MediaPicker";
import { toFormData, fieldOf } from "../../forms";
import { S } from "../../text-site";
import { DialogForm, useDialogForm, type DialogControls } from "../../components/FormDialog";
import type { Outputs } from "../../outputs";

export type WebsiteImage = Outputs["images"]["adminList"][number];

/** The form's fields: the schema's own (what a save sends), checked by its rules field by field. */
type Values = z.input<typeof websiteImageFields>;

const T = S.images;

/** The pixel size of a chosen file, read in the browser (null if it cannot be decoded here). */
function measure(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => {
      resolve(img.naturalWidth && img.naturalHeight ? { width: img.naturalWidth, height: img.naturalHeight } : null);
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/**
 * The edit form of a website image (multipart: optional new file, alt text, SEO filename, width,
 * height, visibility). A chosen file suggests the SEO filename when it is empty and fills in its
 * measured size; the server measures the stored file again.
 */
export function ImageEditForm({ record, controls }: { record: WebsiteImage; controls: DialogControls }) {
  const { form, save: submit, saving, upload, props } = useDialogForm<Values>("images", controls);
  const [file, setFile] = useState<File | null>(null);
  // An earlier upload chosen in the media picker (sent as imageUrl; the server measures it, as a file).
  const [picked, setPicked] = useState<PickedUpload | null>(null);

  const choosePicked = (upload: PickedUpload) => {
    setFile(null);
    setPicked(upload);
    controls.setDirty(true);
    if (upload.alt) form.setFieldValue("altText", upload.alt);
    if (upload.width && upload.height) form.setFieldsValue({ width: upload.width, height: upload.height });
  };

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setPicked(null);
    controls.setDirty(true);
    if (!chosen) {
      form.setFieldsValue({ width: record.width, height: record.height });
      return;
    }
    if (!String(form.getFieldValue("seoFilename") ?? "").trim()) form.setFieldValue("seoFilename", seoFilenameFromFileName(chosen.name));
    const size = await measure(chosen);
    if (size) form.setFieldsValue(size);
  };

  const save = async (values: Values): Promise<boolean> => {
    const body = toFormData(
      {
        id: record.id,
        altText: values.altText ?? "",
        seoFilename: values.seoFilename ?? "",
        width: values.width ?? undefined,
        height: values.height ?? undefined,
        isVisible: values.isVisible,
        imageUrl: !file && picked ? picked.url : undefined,
      },
      { image: file },
    );
    return submit({
      write: (api) => api.images.update.mutate(body),
      showsUpload: file !== null,
      success: T.updated,
      failure: T.updateFailed,
    });
  };

  return (
    <DialogForm<Values>
      {...props}
      okText={S.common.saveChanges}
      initialValues={{
        altText: record.altText ?? "",
        seoFilename: record.seoFilename ?? "",
        width: record.width,
        height: record.height,
        isVisible: record.isVisible,
      }}
      onFinish={save}
    >
      <Form.Item label={T.uploadNew} extra={T.uploadHelp}>
        <ImagePicker
          label={T.uploadNew}
          file={file}
          currentUrl={picked?.url ?? record.imageUrl}
          onChange={(chosen) => void chooseFile(chosen)}
          onPickUpload={choosePicked}
          disabled={saving}
          upload={upload}
        />
      </Form.Item>
      <Form.Item {...fieldOf(websiteImageFields, "altText")} label={T.altText} extra={T.altHelp}>
        <Input autoComplete="off" maxLength={255} />
      </Form.Item>
      <Form.Item {...fieldOf(websiteImageFields, "seoFilename")} label={T.seoFilename} extra={T.seoHelp}>
        <Input autoComplete="off" maxLength={255} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item {...fieldOf(websiteImageFields, "width")} label={T.width} extra={file ? T.measuredHelp : undefined}>
            <InputNumber min={1} max={20000} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item {...fieldOf(websiteImageFields, "height")} label={T.height}>
            <InputNumber min={1} max={20000} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="isVisible" label={T.visibleSwitch} valuePropName="checked">
        <Switch />
      </Form.Item>
    </DialogForm>
  );
}
