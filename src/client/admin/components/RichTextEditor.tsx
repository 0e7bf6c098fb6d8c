import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type ChainedCommands } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Flex, Form, Input, Modal, Popover, Space, Tooltip } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { S } from "../text-site";
import { useCan } from "../permissions";
import { MediaPicker, type PickedUpload } from "./MediaPicker";
import { cleanPastedHtml } from "./paste-cleanup";

/**
 * A visual editor for staff HTML (TipTap): bold, italic, two heading levels, lists, quotations, links
 * and pictures (an earlier upload or a new one, shown fitted to the editor's width), with an "HTML source" view of the same value for
 * prepared
 * HTML (as WordPress's Text tab). It produces HTML and is an antd form control (value / onChange);
 * news bodies and html content items both use it. The server sanitises what it saves, so the editor
 * needs no allowlist of its own; pastes from Word and Google Docs are cleaned first (paste-cleanup.ts)
 * so their styling does not come along. Loaded lazily (LazyRichTextEditor) so neither the portal's
 * first bundle nor any public page carries it.
 */
const R = S.richText;

/** The formatting buttons, in the toolbar's order: what shows each pressed (isActive's arguments) and what it toggles. */
const FORMATS: ReadonlyArray<{
  label: string;
  is: [name: string, attributes?: Record<string, unknown>];
  toggle: (chain: ChainedCommands) => ChainedCommands;
  icon?: ReactNode;
  text?: string;
}> = [
  { label: R.bold, is: ["bold"], toggle: (chain) => chain.toggleBold(), icon: <BoldOutlined /> },
  { label: R.italic, is: ["italic"], toggle: (chain) => chain.toggleItalic(), icon: <ItalicOutlined /> },
  { label: R.heading2, is: ["heading", { level: 2 }], toggle: (chain) => chain.toggleHeading({ level: 2 }), text: "H2" },
  { label: R.heading3, is: ["heading", { level: 3 }], toggle: (chain) => chain.toggleHeading({ level: 3 }), text: "H3" },
  { label: R.bulletList, is: ["bulletList"], toggle: (chain) => chain.toggleBulletList(), icon: <UnorderedListOutlined /> },
  { label: R.orderedList, is: ["orderedList"], toggle: (chain) => chain.toggleOrderedList(), icon: <OrderedListOutlined /> },
  { label: R.blockquote, is: ["blockquote"], toggle: (chain) => chain.toggleBlockquote(), text: "\u201c\u201d" },
];

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  id?: string;
  disabled?: boolean;
}

/** The editing area's attributes; the form's `id` (its label's target) goes to whichever view is shown. */
function editorAttributes(label: string, id: string | undefined): Record<string, string> {
  return { role: "textbox", "aria-multiline": "true", "aria-label": label, ...(id ? { id } : {}), class: "rich-text-editor-content" };
}

export default function RichTextEditor({ value = "", onChange, label, id, disabled }: RichTextEditorProps) {
  const [source, setSource] = useState(false);
  const [picking, setPicking] = useState(false);
  const mayUsePictures = useCan("media.manage");
  const [picked, setPicked] = useState<PickedUpload | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, defaultProtocol: "https" } }),
      // Block pictures (a paragraph of their own, as the public article lays them out); no data: URLs:
      // a picture is an upload, not megabytes of base64 inside the article.
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: cleanPastedHtml(value),
    editable: !disabled,
    editorProps: { attributes: editorAttributes(label, id), transformPastedHTML: cleanPastedHtml },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? "" : current.getHTML()),
  });

  // A value set from outside (the form reset, the HTML source view) replaces the document; our own
  // edits do not. Typed source is taken when the view switches back, not at each keystroke (a half-typed
  // <img src="/u..." would be fetched), and without handlers or scripts: parsing HTML that carries them
  // made Chromium try to run them (refused by the admin's CSP). The saved value is the server's to clean.
  useEffect(() => {
    if (!editor || editor.isDestroyed || source) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(cleanPastedHtml(value), { emitUpdate: false });
  }, [editor, value, source]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: editorAttributes(label, source ? undefined : id) } });
  }, [editor, label, id, source]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      pressed: FORMATS.map((format) => e?.isActive(...format.is) ?? false),
      link: e?.isActive("link") ?? false,
      href: (e?.getAttributes("link").href as string | undefined) ?? "",
    }),
  });

  if (!editor || !active) return null;
  const chain = () => editor.chain().focus();
  // In the source view the formatting buttons have nothing to act on.
  const off = disabled || source;

  return (
    <div className="rich-text-editor" style={{ border: "1px solid #d9d9d9", borderRadius: 8, background: disabled ? "#f5f5f5" : "#fff" }}>
      <Flex role="toolbar" aria-label={R.toolbar} gap={4} wrap style={{ padding: 6, borderBottom: "1px solid #f0f0f0" }}>
        {FORMATS.map((format, index) => (
          <ToolButton
            key={format.label}
            label={format.label}
            pressed={active.pressed[index] ?? false}
            disabled={off}
            onClick={() => format.toggle(chain()).run()}
            icon={format.icon}
            text={format.text}
          />
        ))}
        <LinkButton
          active={active.link}
          href={active.href}
          disabled={off}
          onApply={(href) =>
            href ? chain().extendMarkRange("link").setLink({ href }).run() : chain().extendMarkRange("link").unsetLink().run()
          }
        />
        {/* Pictures come from the uploads (media.manage): a role without it writes text only. */}
        {mayUsePictures ? (
          <ToolButton label={R.insertImage} pressed={false} disabled={off} onClick={() => setPicking(true)} icon={<PictureOutlined />} />
        ) : null}
        <span style={{ flex: 1 }} />
        <Tooltip title={R.htmlSourceHelp}>
          <Button
            size="small"
            type={source ? "primary" : "text"}
            aria-pressed={source}
            disabled={disabled}
            onClick={() => setSource((on) => !on)}
            icon={<CodeOutlined />}
          >
            {R.htmlSource}
          </Button>
        </Tooltip>
      </Flex>
      {/* The visual view stays mounted (hidden) in the source view: the value typed there is set into it. */}
      <EditorContent editor={editor} hidden={source} style={{ padding: "4px 12px", minHeight: 160 }} />
      {source ? (
        <Input.TextArea
          id={id}
          aria-label={label}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 10, maxRows: 30 }}
          spellCheck={false}
          variant="borderless"
          style={{ fontFamily: "ui-monospace, monospace", fontSize: 13, padding: "8px 12px" }}
        />
      ) : null}
      <MediaPicker open={picking} onClose={() => setPicking(false)} onPick={setPicked} upload />
      <ImageAltDialog
        picked={picked}
        onCancel={() => setPicked(null)}
        onInsert={(alt) => {
          if (!picked) return;
          chain()
            .setImage({ src: picked.url, alt, ...(picked.width && picked.height ? { width: picked.width, height: picked.height } : {}) })
            .run();
          setPicked(null);
        }}
      />
    </div>
  );
}

/**
 * The alt text of a picture about to be inserted: the one the upload was last given, editable here
 * (the same picture can need other words in another article).
 */
function ImageAltDialog({
  picked,
  onCancel,
  onInsert,
}: {
  picked: PickedUpload | null;
  onCancel: () => void;
  onInsert: (alt: string) => void;
}) {
  const [alt, setAlt] = useState("");
  useEffect(() => {
    if (picked) setAlt(picked.alt ?? "");
  }, [picked]);
  return (
    <Modal
      open={picked !== null}
      title={R.insertImage}
      onCancel={onCancel}
      onOk={() => onInsert(alt.trim())}
      okText={R.imageInsert}
      cancelText={R.imageCancel}
      destroyOnHidden
    >
      {picked ? (
        <Form layout="vertical" onFinish={() => onInsert(alt.trim())}>
          <img src={picked.url} alt="" style={{ display: "block", maxWidth: "100%", maxHeight: 240, marginBottom: 16, borderRadius: 6 }} />
          <Form.Item label={R.imageAlt} extra={R.imageAltHelp} htmlFor="rich-text-image-alt" style={{ marginBottom: 0 }}>
            <Input id="rich-text-image-alt" value={alt} maxLength={255} autoFocus onChange={(event) => setAlt(event.target.value)} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  icon,
  text,
}: {
  label: string;
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon?: ReactNode;
  text?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={pressed ? "primary" : "text"}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        icon={icon}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

function LinkButton({
  active,
  href,
  disabled,
  onApply,
}: {
  active: boolean;
  href: string;
  disabled?: boolean;
  onApply: (href: string) => void;
}) {
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
        <Button
          size="small"
          type={active ? "primary" : "text"}
          aria-label={R.link}
          aria-pressed={active}
          disabled={disabled}
          icon={<LinkOutlined />}
        />
      </Tooltip>
    </Popover>
  );
}
