import type { z } from "zod";
import { AutoComplete, Checkbox, Form, Input, Select, Switch } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import {
  TESTIMONIAL_MESSAGES,
  TESTIMONIAL_SOURCES,
  testimonialFields,
  visibleWithoutConsent,
} from "../../../../shared/schemas/testimonials";
import { LANGUAGES } from "../../../../shared/languages";
import { trpc } from "../../../lib/trpc";
import { ImagePicker } from "../../components/ImagePicker";
import { OptionsFailed, optionsStatus } from "../../components/options";
import { toFormData, fieldOf } from "../../forms";
import { useCan } from "../../permissions";
import { S } from "../../text-site";
import { AbortSave, useAction, writeRecord } from "../../save";
import { DialogForm, useDialogForm, type DialogControls } from "../../components/FormDialog";
import type { Outputs } from "../../outputs";
import { clinicToday } from "../../dates";

export type Testimonial = Outputs["testimonials"]["adminList"][number];

/** The form's fields: the schema's own (what a save sends), checked by its rules field by field. */
type Values = z.input<typeof testimonialFields>;

const T = S.testimonials;
/** The spec's order of the checks (name, content, service, rating): the first failing field gets the focus. */
const CHECK_ORDER = ["name", "content", "service", "rating", "language", "receivedAt", "source", "consentToPublish", "incentive"] as const;
/** The languages a patient may have written in, each named in itself (as the site's language choice names them). */
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));
const SOURCE_OPTIONS = TESTIMONIAL_SOURCES.map((source) => ({ value: source }));

/** Today in the clinic's calendar, as the date field holds it ("2024-10-21"). */
function today(): string {
  return clinicToday();
}
const RATINGS = [5, 4, 3, 2, 1].map((n) => ({ value: n, label: T.stars(n) }));

/**
 * The add and edit form of a testimonial. A chosen profile photo is uploaded when saving, before the
 * record; a failed upload stops the save (admin-portal.md section 4). New testimonials start with rating
 * 5, visible, and the first service chosen; received today from the patient, consent not yet given
 * (staff tick it: the form and the server refuse a visible testimonial without it), nothing in return.
 */
export function TestimonialForm({ record, controls }: { record: Testimonial | null; controls: DialogControls }) {
  const mayPublish = useCan("publish");
  const { form, save: submit, saving, props } = useDialogForm<Values>("testimonials", controls);
  const services = trpc.services.list.useQuery();
  const { run: runUpload, upload } = useAction();
  const [file, setFile] = useState<File | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(record?.imageUrl ?? null);

  const titles = (services.data ?? []).map((service) => service.title);
  // A testimonial may name a service that was renamed or removed since: keep it choosable.
  if (record && !titles.includes(record.service)) titles.unshift(record.service);
  const serviceOptions = titles.map((title) => ({ value: title, label: title }));

  // Preselect the first service for a new testimonial once the services have arrived.
  const firstTitle = titles[0];
  useEffect(() => {
    if (!record && firstTitle && !form.getFieldValue("service")) form.setFieldValue("service", firstTitle);
  }, [record, firstTitle, form]);

  const markDirty = () => controls.setDirty(true);

  const save = async (values: Values): Promise<boolean> => {
    return submit({
      write: async (api) => {
        let finalImageUrl = imageUrl;
        if (file) {
          // A failed upload says so (its own failure toast) and stops the save.
          const uploaded = await runUpload({
            write: (upload) => upload.testimonials.uploadImage.mutate(toFormData({}, { image: file })),
            showsUpload: true,
            success: null,
            failure: T.uploadFailed,
          });
          if (!uploaded.ok) throw new AbortSave();
          finalImageUrl = uploaded.result.imageUrl;
          setImageUrl(uploaded.result.imageUrl);
          setFile(null);
        }
        const fields = {
          name: values.name,
          service: values.service ?? "",
          rating: values.rating,
          content: values.content,
          imageUrl: finalImageUrl,
          isVisible: values.isVisible,
          receivedAt: values.receivedAt,
          source: values.source,
          consentToPublish: values.consentToPublish,
          incentive: values.incentive,
          language: values.language,
        };
        return writeRecord(record, (client) => client.testimonials, fields)(api);
      },
      success: record ? T.updated : T.added,
      failure: record ? T.updateFailed : T.addFailed,
    });
  };

  return (
    <DialogForm<Values>
      {...props}
      okText={record ? S.common.saveChanges : T.saveAdd}
      initialValues={{
        name: record?.name ?? "",
        service: record?.service,
        rating: record?.rating ?? 5,
        content: record?.content ?? "",
        // A new one starts visible for those who may publish it, hidden for anyone else.
        isVisible: record?.isVisible ?? mayPublish,
        receivedAt: record?.receivedAt ?? today(),
        source: record?.source ?? "patient",
        consentToPublish: record?.consentToPublish ?? false,
        incentive: record?.incentive ?? "",
        language: record?.language ?? "en",
      }}
      onFinish={save}
      onFinishFailed={({ errorFields }) => {
        const failing = new Set(errorFields.map((field) => String(field.name[0])));
        const first = CHECK_ORDER.find((name) => failing.has(name));
        if (first) form.focusField(first);
      }}
    >
      <Form.Item {...fieldOf(testimonialFields, "name")} label={T.name} required>
        <Input placeholder={T.namePlaceholder} autoComplete="off" />
      </Form.Item>
      <Flex2>
        <Form.Item
          {...fieldOf(testimonialFields, "service")}
          label={T.service}
          required
          style={{ flex: 2, minWidth: 220 }}
          // The services could not be read: said beside the choice, with Try again (not an empty list).
          extra={<OptionsFailed read={services} id="testimonial-service-failed" />}
        >
          <Select
            options={serviceOptions}
            placeholder={T.servicePlaceholder}
            {...optionsStatus(services, "testimonial-service-failed")}
            showSearch={{ optionFilterProp: "label" }}
          />
        </Form.Item>
        <Form.Item {...fieldOf(testimonialFields, "rating")} label={T.ratingLabel} required style={{ flex: 1, minWidth: 140 }}>
          <Select options={RATINGS} />
        </Form.Item>
      </Flex2>
      <Form.Item {...fieldOf(testimonialFields, "content")} label={T.content} required>
        <Input.TextArea rows={5} placeholder={T.contentPlaceholder} />
      </Form.Item>
      <Form.Item {...fieldOf(testimonialFields, "language")} label={T.language} required extra={T.languageHelp}>
        <Select options={LANGUAGE_OPTIONS} />
      </Form.Item>
      <Form.Item label={T.image} extra={T.imageHelp}>
        <ImagePicker
          label={T.image}
          file={file}
          currentUrl={imageUrl}
          disabled={saving}
          upload={upload}
          onChange={(chosen) => {
            setFile(chosen);
            markDirty();
          }}
          onRemoveCurrent={() => {
            setImageUrl(null);
            markDirty();
          }}
          onPickUpload={(picked) => {
            setFile(null);
            setImageUrl(picked.url);
            markDirty();
          }}
        />
      </Form.Item>
      <Flex2>
        <Form.Item {...fieldOf(testimonialFields, "receivedAt")} label={T.receivedAt} required style={{ flex: 1, minWidth: 160 }}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          {...fieldOf(testimonialFields, "source")}
          label={T.source}
          required
          extra={T.sourceHelp}
          style={{ flex: 2, minWidth: 220 }}
        >
          <AutoComplete options={SOURCE_OPTIONS} />
        </Form.Item>
      </Flex2>
      <Form.Item {...fieldOf(testimonialFields, "incentive")} label={T.incentive} extra={T.incentiveHelp}>
        <Input placeholder={T.incentivePlaceholder} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="consentToPublish"
        valuePropName="checked"
        dependencies={["isVisible"]}
        extra={T.consentHelp}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, consentToPublish: boolean) => {
              if (visibleWithoutConsent({ isVisible: getFieldValue("isVisible"), consentToPublish }))
                throw new Error(TESTIMONIAL_MESSAGES.consentToPublish);
            },
          }),
        ]}
      >
        <Checkbox>{T.consentToPublish}</Checkbox>
      </Form.Item>
      <Form.Item name="isVisible" label={T.visibleOnWebsite} valuePropName="checked">
        <Switch disabled={!mayPublish} />
      </Form.Item>
    </DialogForm>
  );
}

/** Two fields side by side that wrap on narrow dialogs. */
function Flex2({ children }: { children: ReactNode }) {
  return <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>{children}</div>;
}
