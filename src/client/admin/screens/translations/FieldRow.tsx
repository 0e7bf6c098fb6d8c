import { Col, Row, Typography } from "antd";
import type { ReactNode } from "react";
import { LazyRichTextEditor } from "../../components/LazyRichTextEditor";
import { TR } from "../../text-translations";

const E = TR.editor;

/**
 * One text to translate: its English (read-only, marked lang="en") beside the translation's control
 * (`children`, whose label points at `id`); stacked on a phone, the English first. `hint` says whether
 * publishing needs it.
 */
export function FieldRow({
  label,
  english,
  html = false,
  hint,
  children,
}: {
  label: string;
  english: string;
  html?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Row gutter={[24, 8]} style={{ paddingBlock: 12, borderTop: "1px solid #f0f0f0" }} data-testid="translation-field">
      <Col xs={24} md={12}>
        <Typography.Text type="secondary" style={{ display: "block", marginBottom: 4 }}>
          {E.englishOf(label)}
        </Typography.Text>
        <EnglishText text={english} html={html} label={E.englishOf(label)} />
      </Col>
      <Col xs={24} md={12}>
        {children}
        {hint ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        ) : null}
      </Col>
    </Row>
  );
}

/** The English of a field: text as written (line breaks kept), HTML in the visual editor, not editable. */
function EnglishText({ text, html, label }: { text: string; html: boolean; label: string }) {
  if (text.trim() === "") return <Typography.Text type="secondary">{E.emptyEnglish}</Typography.Text>;
  if (html) {
    return (
      <div lang="en">
        <LazyRichTextEditor value={text} label={label} disabled />
      </div>
    );
  }
  return (
    <div
      lang="en"
      data-testid="english-text"
      style={{
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        padding: "4px 11px",
        background: "#fafafa",
        border: "1px solid #e5e7eb",
        borderRadius: 6,
        minHeight: 32,
      }}
    >
      {text}
    </div>
  );
}
