import { Card, Form, Input, Typography } from "antd";
import { TR } from "../../text-translations";
import { FieldRow } from "./FieldRow";

/**
 * A service's page sections in the translation editor: for each section of the English, its texts to
 * translate (the line above the title, the title, the text, each item's title and text, each
 * condition, each question and answer, the button), English beside the translation. The translation
 * keeps the English structure: the same sections in the same order, the same number of items (the
 * server refuses to publish anything else). A form field's name carries the indexes as text
 * (fields.sections.0.items.1.title), as the server names a refused one.
 */
const E = TR.editor;
const F = TR.sectionFields;

export type Sections = Array<Record<string, unknown>>;

/** The entry at `index` of a list, or of an object keyed by indexes as text (as a form may hold one). */
function at(container: unknown, index: number): unknown {
  if (Array.isArray(container)) return container[index];
  return container !== null && typeof container === "object" ? (container as Record<string, unknown>)[String(index)] : undefined;
}

/** `english`'s shape with `translated`'s texts where it has them at the same place, blank elsewhere. */
function mirror(english: unknown, translated: unknown): unknown {
  if (typeof english === "string") return typeof translated === "string" ? translated : "";
  if (Array.isArray(english)) return english.map((item, index) => mirror(item, at(translated, index)));
  if (english !== null && typeof english === "object") {
    const own = translated !== null && typeof translated === "object" ? (translated as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, key === "kind" ? value : mirror(value, own[key])]));
  }
  return english;
}

/** The translation's sections in the English structure: a section of another kind at the same place starts blank. */
export function mirrorSections(english: Sections, translated: Sections): Sections {
  return english.map((section, index) => {
    const own = at(translated, index) as Record<string, unknown> | undefined;
    return mirror(section, own?.kind === section.kind ? own : undefined) as Record<string, unknown>;
  });
}

/** Whether any text (not a section's kind) is written. */
export function hasText(value: unknown, key?: string): boolean {
  if (typeof value === "string") return key !== "kind" && value.trim() !== "";
  if (Array.isArray(value)) return value.some((item) => hasText(item));
  if (value !== null && typeof value === "object") return Object.entries(value).some(([k, v]) => hasText(v, k));
  return false;
}

interface SectionText {
  /** Where it sits in the section: ["items", "1", "title"]. */
  path: string[];
  label: string;
  english: string;
  long: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const items = (section: Record<string, unknown>) => (Array.isArray(section.items) ? (section.items as unknown[]) : []);

/** The texts of one section to translate, in the order the page shows them. */
export function textsOf(section: Record<string, unknown>): SectionText[] {
  const out: SectionText[] = [];
  const add = (path: string[], label: string, english: unknown, long = false) => out.push({ path, label, english: text(english), long });
  const item = (index: number, label: string) => `${E.item(index + 1)} · ${label}`;
  // A section of headed items (benefits, steps, FAQ): its title, then each item's heading and longer text.
  const headedItems = ([head, headLabel]: [string, string], [body, bodyLabel]: [string, string]) => {
    add(["title"], F.title, section.title);
    items(section).forEach((entry, index) => {
      const fields = (entry ?? {}) as Record<string, unknown>;
      add(["items", String(index), head], item(index, headLabel), fields[head]);
      add(["items", String(index), body], item(index, bodyLabel), fields[body], true);
    });
  };
  switch (section.kind) {
    case "overview":
      // The line above the title may be blank in English: nothing to translate then.
      if (text(section.eyebrow).trim()) add(["eyebrow"], F.eyebrow, section.eyebrow);
      add(["title"], F.title, section.title);
      add(["text"], F.text, section.text, true);
      break;
    case "benefits":
    case "steps":
      headedItems(["title", F.itemTitle], ["text", F.itemText]);
      break;
    case "conditions":
      add(["title"], F.title, section.title);
      items(section).forEach((entry, index) => {
        add(["items", String(index)], item(index, F.condition), entry);
      });
      break;
    case "faq":
      headedItems(["question", F.question], ["answer", F.answer]);
      break;
    case "cta":
      add(["text"], F.text, section.text, true);
      add(["button"], F.button, section.button);
      break;
  }
  return out;
}

const kindLabel = (section: Record<string, unknown>) => TR.sectionKinds[String(section.kind)] ?? String(section.kind);

/** Sections as readable lines (the English changes' word diff): each section's kind, then each text. */
export function sectionsAsText(sections: Sections): string {
  return sections
    .map((section, index) =>
      [E.sectionLabel(index + 1, kindLabel(section)), ...textsOf(section).map((entry) => `  ${entry.label}: ${entry.english}`)].join("\n"),
    )
    .join("\n\n");
}

export function SectionsTranslation({ english, nativeName, tag }: { english: Sections; nativeName: string; tag: string }) {
  return (
    <div style={{ borderTop: "1px solid #f0f0f0", paddingTop: 12 }} data-testid="sections-translation">
      <Typography.Title level={3} style={{ marginTop: 0, fontSize: 16 }}>
        {E.sections}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{english.length > 0 ? E.sectionsIntro : E.noSections}</Typography.Paragraph>
      {english.map((section, index) => {
        const heading = E.sectionLabel(index + 1, kindLabel(section));
        return (
          // section n's translation is stored, and named in the form, at position n; the English sections do not move on this screen
          // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
          <Card size="small" key={index} title={heading} style={{ marginBottom: 12 }}>
            {textsOf(section).map((entry) => {
              const id = `translation-sections-${index}-${entry.path.join("-")}`;
              const label = E.translationOf(entry.label, nativeName);
              return (
                <FieldRow key={entry.path.join(".")} label={entry.label} english={entry.english}>
                  <Form.Item
                    name={["fields", "sections", String(index), ...entry.path]}
                    label={label}
                    htmlFor={id}
                    style={{ marginBottom: 0 }}
                  >
                    {entry.long ? (
                      <Input.TextArea id={id} lang={tag} aria-label={`${heading}, ${label}`} autoSize={{ minRows: 2, maxRows: 12 }} />
                    ) : (
                      <Input id={id} lang={tag} aria-label={`${heading}, ${label}`} />
                    )}
                  </Form.Item>
                </FieldRow>
              );
            })}
          </Card>
        );
      })}
    </div>
  );
}
