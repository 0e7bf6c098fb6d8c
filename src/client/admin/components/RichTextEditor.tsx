import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Flex, Input, Popover, Space, Tooltip } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { S } from "../text-site";

/**
 * A visual editor for staff HTML (TipTap): bold, italic, two heading levels, lists and links. It
 * produces HTML and is an antd form control (value / onChange). The server sanitises what it saves,
 * so the editor needs no allowlist of its own. Loaded lazily (LazyRichTextEditor) so the portal's
 * first bundle does not carry it.
 */
const R = S.richText;

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  id?: string;
  disabled?: boolean;
}

export default function RichTextEditor({ value = "", onChange, label, id, disabled }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, defaultProtocol: "https" } })],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(id ? { id } : {}),
        class: "rich-text-editor-content",
      },
    },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? "" : current.getHTML()),
  });

  // A value set from outside (the form reset, say) replaces the document; our own edits do not.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bulletList: e?.isActive("bulletList") ?? false,
      orderedList: e?.isActive("orderedList") ?? false,
      link: e?.isActive("link") ?? false,
      href: (e?.getAttributes("link").href as string | undefined) ?? "",
    }),
  });

  if (!editor || !active) return null;
  const chain = () => editor.chain().focus();

  return (
    <div className="rich-text-editor" style={{ border: "1px solid #d9d9d9", borderRadius: 8, background: disabled ? "#f5f5f5" : "#fff" }}>
      <Flex role="toolbar" aria-label={R.toolbar} gap={4} wrap style={{ padding: 6, borderBottom: "1px solid #f0f0f0" }}>
        <ToolButton label={R.bold} pressed={active.bold} disabled={disabled} onClick={() => chain().toggleBold().run()} icon={<BoldOutlined />} />
        <ToolButton label={R.italic} pressed={active.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()} icon={<ItalicOutlined />} />
        <ToolButton label={R.heading2} pressed={active.h2} disabled={disabled} onClick={() => chain().toggleHeading({ level: 2 }).run()} text="H2" />
        <ToolButton label={R.heading3} pressed={active.h3} disabled={disabled} onClick={() => chain().toggleHeading({ level: 3 }).run()} text="H3" />
        <ToolButton label={R.bulletList} pressed={active.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()} icon={<UnorderedListOutlined />} />
        <ToolButton label={R.orderedList} pressed={active.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()} icon={<OrderedListOutlined />} />
        <LinkButton
          active={active.link}
          href={active.href}
          disabled={disabled}
          onApply={(href) => (href ? chain().extendMarkRange("link").setLink({ href }).run() : chain().extendMarkRange("link").unsetLink().run())}
        />
      </Flex>
      <EditorContent editor={editor} style={{ padding: "4px 12px", minHeight: 160 }} />
    </div>
  );
}

function ToolButton({ label, pressed, disabled, onClick, icon, text }: { label: string; pressed: boolean; disabled?: boolean; onClick: () => void; icon?: ReactNode; text?: string }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type={pressed ? "primary" : "text"} aria-label={label} aria-pressed={pressed} disabled={disabled} onClick={onClick} icon={icon}>
        {text}
      </Button>
    </Tooltip>
  );
}

function LinkButton({ active, href, disabled, onApply }: { active: boolean; href: string; disabled?: boolean; onApply: (href: string) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState("");
  const apply = (next: string) => {
    onApply(next.trim());
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(href);
      }}
      trigger="click"
      content={
        <Space.Compact style={{ width: 320 }}>
          <Input
            aria-label={R.linkAddress}
            inputMode="url"
            placeholder="https://"
            value={draft}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              apply(draft);
            }}
          />
          <Button type="primary" onClick={() => apply(draft)}>
            {R.linkApply}
          </Button>
          {active ? <Button onClick={() => apply("")}>{R.linkRemove}</Button> : null}
        </Space.Compact>
      }
    >
      <Tooltip title={R.link}>
        <Button size="small" type={active ? "primary" : "text"} aria-label={R.link} aria-pressed={active} disabled={disabled} icon={<LinkOutlined />} />
      </Tooltip>
    </Popover>
  );
}
