import { ThunderboltOutlined } from "@ant-design/icons";
import { Button, Card, Checkbox, Col, Flex, Form, Input, Row, Switch, Tooltip, Typography } from "antd";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { Outputs } from "../../outputs";
import { slugFromTitle } from "../../../../shared/schemas/news";
import { serviceFields, type ServiceFields, type ServiceSection } from "../../../../shared/schemas/services";
import { trpc } from "../../../lib/trpc";
import { ImagePicker } from "../../components/ImagePicker";
import { EditorForm, EditorHeader, useEditorState } from "../../components/PageEditor";
import { RecordEditor } from "../../components/RecordEditor";
import { VersionHistoryButton } from "../../components/VersionHistory";
import { toFormData, fieldOf } from "../../forms";
import { useFormSave } from "../../save";
import { useCan } from "../../permissions";
import { A } from "../../text";
import { C } from "../../text-content";
import { ServiceImage } from "./ServiceImage";
import { ServiceBookingCard } from "../booking/ServiceBookingCard";
import { SectionsPreview, ServiceSectionsEditor } from "./ServiceSectionsEditor";
import { TranslateButton } from "../../components/TranslateButton";

/**
 * Service editor, create (/services/new) and edit (/services/edit/:id): admin-portal.md sections 2, 5
 * and 8. The form's rules and messages are the server's (serviceFields through zodRule); the save is
 * multipart with an optional image file, which replaces the current image. While the slug is empty (or
 * still the one suggested) it follows the title of a new service. Leaving with unsaved changes asks first.
 */
type Service = Outputs["services"]["byId"];
const T = C.serviceEditor;

/** The editor's values: the service's fields, whether the inquiry form offers it, and its page's sections. */
type EditorValues = ServiceFields & { offeredOnContactForm: boolean; isPublished: boolean; sections: ServiceSection[] };

export default function ServiceEditorScreen({ params }: { params: Record<string, string | undefined> }) {
  return (
    <RecordEditor<Service>
      idParam={params.id}
      byId={trpc.services.byId}
      texts={{ loadFailed: T.loadFailed, back: T.back }}
      backTo="/services"
      failureToast
    >
      {(service) => <ServiceForm key={service?.id ?? "new"} service={service} />}
    </RecordEditor>
  );
}

function ServiceForm({ service }: { service?: Service }) {
  const isEdit = service !== undefined;
  const [form] = Form.useForm<EditorValues>();
  const [file, setFile] = useState<File | null>(null);
  // An earlier upload chosen in the media picker (sent as imageUrl; a chosen file wins).
  const [pickedUrl, setPickedUrl] = useState<string | null>(null);
  const { dirty, markDirty, saved, onValuesChange } = useEditorState(form, service, "/services", () => {
    setFile(null);
    setPickedUrl(null);
  });
  const { saving, save: submit, upload } = useFormSave("services", form);
  const watched = Form.useWatch([], form) as Partial<EditorValues> | undefined;
  // Putting a service live (or taking it down) is the publish permission's: others keep its state (a new one: a draft).
  const mayPublish = useCan("publish");
  // A service's booking settings are availability.edit's (issue 38): a card of their own, saved on their own.
  const mayEditBooking = useCan("availability.edit");

  const initialValues: EditorValues = {
    title: service?.title ?? "",
    slug: service?.slug ?? "",
    shortDescription: service?.shortDescription ?? "",
    description: service?.description ?? "",
    imageAlt: service?.imageAlt ?? "",
    // A new service is offered on the inquiry form unless staff take it off (issue 36).
    offeredOnContactForm: service?.offeredOnContactForm ?? true,
    isPublished: service?.isPublished ?? mayPublish,
    sections: service?.sections ?? [],
  };

  const onFinish = async ({ sections, isPublished, ...values }: EditorValues) => {
    const picture = !file && pickedUrl ? { imageUrl: pickedUrl } : {};
    // Without the publish permission an edit leaves the status as it is, and a new service is a draft.
    const status = mayPublish ? { isPublished } : isEdit ? {} : { isPublished: false };
    // The sections travel as their JSON text in the multipart form (the schema parses it).
    const fields = { ...values, ...status, sections: JSON.stringify(sections ?? []), ...picture };
    const payload = toFormData(isEdit ? { ...fields, id: service.id } : fields, { image: file });
    const ok = await submit({
      write: (api) => (isEdit ? api.services.update.mutate(payload) : api.services.create.mutate(payload)),
      showsUpload: file !== null,
      success: isEdit ? T.updated : T.created,
      failure: (message) => [isEdit ? T.updateFailed : T.createFailed, message ?? A.login.unexpected],
    });
    if (ok) saved();
  };

  const currentImage = pickedUrl ?? service?.imageUrl ?? null;
  const previewImage = useMemo(() => (file ? URL.createObjectURL(file) : currentImage), [file, currentImage]);
  useEffect(
    () => () => {
      if (previewImage?.startsWith("blob:")) URL.revokeObjectURL(previewImage);
    },
    [previewImage],
  );

  const slug = watched?.slug ?? initialValues.slug;
  const paragraphs = (watched?.description ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  return (
    <>
      <EditorHeader
        subtitle={isEdit ? T.editSubtitle(service.slug) : T.createSubtitle}
        backTo="/services"
        backLabel={T.back}
        view={isEdit ? { href: `/services/${service.slug}`, label: T.viewOnSite } : null}
        actions={
          isEdit ? (
            <>
              <TranslateButton kind="service" recordId={service.id} name={service.title} />
              <VersionHistoryButton
                kind="service"
                recordId={service.id}
                name={service.title}
                resource="services"
                unsaved={dirty || file !== null || pickedUrl !== null}
              />
            </>
          ) : null
        }
      />
      <EditorForm
        form={form}
        failedTitle={isEdit ? T.updateFailed : T.createFailed}
        saving={saving}
        actions={{ cancelTo: "/services", cancelLabel: T.cancel, saveLabel: isEdit ? T.update : T.create }}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
        scrollToFirstError={{ behavior: "smooth", block: "center" }}
      >
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={15}>
            <Card title={T.details}>
              <ServiceField name="title">
                <Input maxLength={255} autoFocus={!isEdit} />
              </ServiceField>
              <Form.Item label={T.fields.slug} required extra={T.fields.slugHelp(slug)}>
                <Flex gap={8}>
                  <Form.Item {...fieldOf(serviceFields, "slug")} noStyle>
                    <Input maxLength={255} aria-label={T.fields.slug} aria-required style={{ fontFamily: "ui-monospace, monospace" }} />
                  </Form.Item>
                  <Tooltip title={T.fields.slugFromTitleLabel}>
                    <Button
                      icon={<ThunderboltOutlined />}
                      aria-label={T.fields.slugFromTitleLabel}
                      onClick={() => {
                        form.setFieldValue("slug", slugFromTitle(form.getFieldValue("title") ?? ""));
                        markDirty();
                        void form.validateFields(["slug"]).catch(() => undefined);
                      }}
                    >
                      {T.fields.slugFromTitle}
                    </Button>
                  </Tooltip>
                </Flex>
              </Form.Item>
              <ServiceField name="shortDescription" help={T.fields.shortDescriptionHelp}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
              </ServiceField>
              <ServiceField name="description" help={T.fields.descriptionHelp}>
                <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} />
              </ServiceField>
              <Form.Item name="offeredOnContactForm" valuePropName="checked" extra={T.fields.offeredHelp}>
                <Checkbox>{T.fields.offered}</Checkbox>
              </Form.Item>
              <Form.Item
                name="isPublished"
                label={T.fields.status}
                valuePropName="checked"
                extra={watched?.isPublished === false ? T.fields.draftHelp : T.fields.publishedHelp}
                style={{ marginBottom: 0 }}
              >
                <Switch checkedChildren={T.fields.published} unCheckedChildren={T.fields.draft} disabled={!mayPublish} />
              </Form.Item>
            </Card>
            <div style={{ marginTop: 24 }}>
              <ServiceSectionsEditor form={form} onChange={markDirty} />
            </div>
            {service && mayEditBooking ? (
              <div style={{ marginTop: 24 }}>
                <ServiceBookingCard serviceId={service.id} />
              </div>
            ) : null}
          </Col>
          <Col xs={24} xl={9}>
            <Flex vertical gap={24}>
              <Card title={T.image}>
                <Form.Item label={T.fields.image} extra={T.fields.imageHelp}>
                  <ImagePicker
                    file={file}
                    currentUrl={currentImage}
                    label={T.fields.image}
                    upload={upload}
                    onChange={(chosen) => {
                      setFile(chosen);
                      markDirty();
                    }}
                    onPickUpload={(picked) => {
                      setFile(null);
                      setPickedUrl(picked.url);
                      if (picked.alt) form.setFieldValue("imageAlt", picked.alt);
                      markDirty();
                    }}
                    disabled={saving}
                  />
                </Form.Item>
                <ServiceField name="imageAlt" help={T.fields.imageAltHelp} last>
                  <Input maxLength={255} />
                </ServiceField>
              </Card>
              <Card title={T.preview} data-testid="service-preview">
                <Typography.Paragraph type="secondary">{T.previewHint}</Typography.Paragraph>
                <div style={{ border: "1px solid #e5e7eb", borderRadius: 8, overflow: "hidden" }}>
                  <ServiceImage src={previewImage} alt={watched?.imageAlt || watched?.title || ""} height={160} />
                  <div style={{ padding: 16 }}>
                    {watched?.title || paragraphs.length ? (
                      <>
                        <Typography.Title level={4} style={{ marginTop: 0 }}>
                          {watched?.title}
                        </Typography.Title>
                        {watched?.shortDescription ? <Typography.Paragraph strong>{watched.shortDescription}</Typography.Paragraph> : null}
                        {paragraphs.map((p, i) => (
                          // the preview's paragraphs are the description cut at blank lines: no identity, no state; one edited or moved is
                          // just drawn again
                          // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
                          <Typography.Paragraph key={i} style={{ whiteSpace: "pre-line" }}>
                            {p}
                          </Typography.Paragraph>
                        ))}
                        <SectionsPreview sections={watched?.sections} />
                      </>
                    ) : (
                      <Typography.Text type="secondary">{T.previewEmpty}</Typography.Text>
                    )}
                  </div>
                </div>
              </Card>
            </Flex>
          </Col>
        </Row>
      </EditorForm>
    </>
  );
}

/** A required service field, labelled from its name and checked by the server's rule for it (serviceFields); `last` in its card. */
function ServiceField({
  name,
  help,
  last = false,
  children,
}: {
  name: "title" | "shortDescription" | "description" | "imageAlt";
  help?: string;
  last?: boolean;
  children: ReactNode;
}) {
  return (
    <Form.Item
      {...fieldOf(serviceFields, name)}
      label={T.fields[name]}
      required
      extra={help}
      style={last ? { marginBottom: 0 } : undefined}
    >
      {children}
    </Form.Item>
  );
}
