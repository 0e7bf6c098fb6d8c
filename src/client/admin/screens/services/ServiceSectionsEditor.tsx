import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Form, Input, Select, Tag, Typography, type FormInstance } from "antd";
import { useState, type ReactNode } from "react";
import { SERVICE_SECTION_KINDS, type ServiceSection, type ServiceSectionKind } from "../../../../shared/schemas/services";
import { C } from "../../text-content";

/**
 * A service page's sections in the service editor (saved with the service, so versioned with it): add
 * one of each kind, edit it, remove it, and move it up or down with buttons (keyboard too: the moved
 * section keeps the focus, and a live region says where it went). List sections (benefits, conditions,
 * steps, FAQ) edit and order their items the same way. The server checks them with the same schema
 * (src/shared/schemas/services.ts) and answers a message at the field.
 */
const T = C.serviceEditor.sections;

/** A new section of a kind, with its usual title and one empty item to fill. */
export function newSection(kind: ServiceSectionKind): ServiceSection {
  const title = T.defaults[kind];
  switch (kind) {
    case "overview":
      return { kind, eyebrow: "", title, text: "" };
    case "conditions":
      return { kind, title, items: [""] };
    case "faq":
      return { kind, title, items: [{ question: "", answer: "" }] };
    case "cta":
      return { kind, text: "", button: title };
    default:
      return { kind, title, items: [{ title: "", text: "" }] };
  }
}

const required = [{ required: true, whitespace: true, message: T.required }];

/**
 * After a move by keyboard the focus stays with the moved section: on its button of the same direction,
 * or, at the top or the bottom (that button is disabled now), on the other one.
 */
function keepFocus(key: number, direction: "up" | "down") {
  requestAnimationFrame(() => {
    const card = document.querySelector(`[data-section-key="${key}"]`);
    const same = card?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]:not([disabled])`);
    const other = card?.querySelector<HTMLButtonElement>(`button[data-move="${direction === "up" ? "down" : "up"}"]:not([disabled])`);
    (same ?? other)?.focus();
  });
}

export function ServiceSectionsEditor({ form, onChange }: { form: FormInstance; onChange: () => void }) {
  const [kind, setKind] = useState<ServiceSectionKind>("overview");
  const [announcement, setAnnouncement] = useState("");
  const kindOptions = SERVICE_SECTION_KINDS.map((value) => ({ value, label: T.kinds[value] }));

  return (
    <Card title={T.title} data-testid="service-sections-editor">
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Form.List name="sections">
        {(fields, { add, remove, move }) => (
          <Flex vertical gap={16}>
            {fields.length === 0 ? <Typography.Text type="secondary">{T.empty}</Typography.Text> : null}
            {fields.map((field, index) => {
              const sectionKind = form.getFieldValue(["sections", field.name, "kind"]) as ServiceSectionKind;
              const name = T.sectionLabel(index + 1, T.kinds[sectionKind]);
              const moveTo = (to: number) => {
                move(index, to);
                setAnnouncement(T.moved(T.kinds[sectionKind], to + 1));
                keepFocus(field.key, to < index ? "up" : "down");
                onChange();
              };
              return (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  title={name}
                  role="group"
                  aria-label={name}
                  data-testid="service-section"
                  data-section-key={field.key}
                  extra={
                    <Flex gap={4}>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        data-move="up"
                        aria-label={T.moveUp(name)}
                        disabled={index === 0}
                        onClick={() => moveTo(index - 1)}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        data-move="down"
                        aria-label={T.moveDown(name)}
                        disabled={index === fields.length - 1}
                        onClick={() => moveTo(index + 1)}
                      />
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={T.remove(name)}
                        onClick={() => {
                          remove(field.name);
                          onChange();
                        }}
                      />
                    </Flex>
                  }
                >
                  <Form.Item name={[field.name, "kind"]} hidden>
                    <Input />
                  </Form.Item>
                  <SectionFields kind={sectionKind} name={field.name} onChange={onChange} />
                </Card>
              );
            })}
            <Flex gap={8} wrap>
              <Select<ServiceSectionKind>
                aria-label={T.addKind}
                value={kind}
                onChange={setKind}
                options={kindOptions}
                style={{ minWidth: 200 }}
              />
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  add(newSection(kind));
                  onChange();
                }}
              >
                {T.add}
              </Button>
            </Flex>
            <div aria-live="polite" className="visually-hidden">
              {announcement}
            </div>
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

function SectionFields({ kind, name, onChange }: { kind: ServiceSectionKind; name: number; onChange: () => void }) {
  const title = (
    <Form.Item name={[name, "title"]} label={T.sectionTitle} rules={required}>
      <Input maxLength={255} />
    </Form.Item>
  );
  switch (kind) {
    case "overview":
      return (
        <>
          <Form.Item name={[name, "eyebrow"]} label={T.eyebrow}>
            <Input maxLength={255} />
          </Form.Item>
          {title}
          <Form.Item name={[name, "text"]} label={T.text} extra={T.textHelp} rules={required}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={5000} />
          </Form.Item>
        </>
      );
    case "cta":
      return (
        <>
          <Form.Item name={[name, "text"]} label={T.ctaText} rules={required}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
          </Form.Item>
          <Form.Item name={[name, "button"]} label={T.ctaButton} rules={required}>
            <Input maxLength={100} />
          </Form.Item>
        </>
      );
    case "conditions":
      return (
        <>
          {title}
          <Items name={name} addLabel={T.addCondition} itemLabel={T.item} onChange={onChange} empty="">
            {(item) => (
              <Form.Item name={item} label={T.condition} rules={required} style={{ marginBottom: 0, flex: 1 }}>
                <Input maxLength={255} />
              </Form.Item>
            )}
          </Items>
        </>
      );
    case "faq":
      return (
        <>
          {title}
          <HeadedItems
            name={name}
            addLabel={T.addQuestion}
            itemLabel={T.item}
            onChange={onChange}
            heading={{ field: "question", label: T.question, maxLength: 500 }}
            text={{ field: "answer", label: T.answer, maxRows: 8 }}
          />
        </>
      );
    default:
      return (
        <>
          {title}
          <HeadedItems
            name={name}
            addLabel={kind === "steps" ? T.addStep : T.addItem}
            itemLabel={kind === "steps" ? T.step : T.item}
            onChange={onChange}
            heading={{ field: "title", label: T.itemTitle, maxLength: 255 }}
            text={{ field: "text", label: T.itemText, maxRows: 6 }}
          />
        </>
      );
  }
}

/**
 * A section's items of two required fields: a one-line heading (an FAQ's question, a benefit's or
 * step's title) over its text, whose box grows to `maxRows` rows.
 */
function HeadedItems({
  heading,
  text,
  ...items
}: {
  heading: { field: string; label: string; maxLength: number };
  text: { field: string; label: string; maxRows: number };
} & Omit<ItemsProps, "empty" | "children">) {
  return (
    <Items {...items} empty={{ [heading.field]: "", [text.field]: "" }}>
      {(item) => (
        <Flex vertical style={{ flex: 1 }}>
          <Form.Item name={[item, heading.field]} label={heading.label} rules={required}>
            <Input maxLength={heading.maxLength} />
          </Form.Item>
          <Form.Item name={[item, text.field]} label={text.label} rules={required} style={{ marginBottom: 0 }}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: text.maxRows }} maxLength={2000} />
          </Form.Item>
        </Flex>
      )}
    </Items>
  );
}

/** A section's items, in order: each with up, down and remove buttons, and one to add another. */
interface ItemsProps {
  name: number;
  addLabel: string;
  itemLabel: (n: number) => string;
  empty: unknown;
  onChange: () => void;
  children: (item: number) => ReactNode;
}

function Items({ name, addLabel, itemLabel, empty, onChange, children }: ItemsProps) {
  return (
    <Form.List name={[name, "items"]}>
      {(items, { add, remove, move }) => (
        <Flex vertical gap={12}>
          {items.map((item, index) => {
            const label = itemLabel(index + 1);
            return (
              <fieldset key={item.key} className="service-section-item" aria-label={label} data-testid="service-section-item">
                <Flex gap={8} align="flex-start">
                  {children(item.name)}
                  <Flex vertical gap={4}>
                    <Button
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={T.moveUp(label)}
                      disabled={index === 0}
                      onClick={() => {
                        move(index, index - 1);
                        onChange();
                      }}
                    />
                    <Button
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={T.moveDown(label)}
                      disabled={index === items.length - 1}
                      onClick={() => {
                        move(index, index + 1);
                        onChange();
                      }}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={T.remove(label)}
                      disabled={items.length === 1}
                      onClick={() => {
                        remove(item.name);
                        onChange();
                      }}
                    />
                  </Flex>
                </Flex>
              </fieldset>
            );
          })}
          <div>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => {
                add(structuredClone(empty));
                onChange();
              }}
            >
              {addLabel}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/** The sections as the page will show them, in the editor's preview (headings and texts, no styling of the site's). */
export function SectionsPreview({ sections }: { sections: Partial<ServiceSection>[] | undefined }) {
  if (!sections?.length) return null;
  return (
    <div data-testid="service-sections-preview">
      {sections.map((section, index) => {
        const s = section as Record<string, unknown> & { kind?: ServiceSectionKind };
        const items = Array.isArray(s.items) ? (s.items as unknown[]) : [];
        return (
          // the read-only preview of the form's sections has no stable identity to use (the editable list above keys them by antd's
          // field.key) and holds no state: a section edited or moved is just drawn again
          // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
          <section key={index} style={{ borderTop: "1px solid #e5e7eb", paddingTop: 12, marginTop: 12 }}>
            {typeof s.eyebrow === "string" && s.eyebrow ? <Typography.Text type="secondary">{s.eyebrow}</Typography.Text> : null}
            {typeof s.title === "string" ? (
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {s.title}
              </Typography.Title>
            ) : null}
            {typeof s.text === "string" && s.text ? (
              <Typography.Paragraph style={{ whiteSpace: "pre-line" }}>{s.text}</Typography.Paragraph>
            ) : null}
            {items.length > 0 ? (
              <ul style={{ paddingLeft: 20, margin: 0 }}>
                {items.map((item, i) => {
                  const entry = (item ?? {}) as Record<string, string>;
                  return (
                    // an item of the preview (see the section's key above): no identity, no state
                    // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
                    <li key={i}>
                      {typeof item === "string" ? (
                        item
                      ) : (
                        <>
                          <strong>{entry.title ?? entry.question}</strong> {entry.text ?? entry.answer}
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {typeof s.button === "string" && s.button ? <Tag color="green">{s.button}</Tag> : null}
          </section>
        );
      })}
    </div>
  );
}
