import { ArrowLeftOutlined, EyeInvisibleOutlined, EyeOutlined, PlusOutlined } from "@ant-design/icons";
import { SearchInput } from "../../components/SearchInput";
import { App, Button, Card, Col, Empty, Flex, Row, Switch, Tabs, Tooltip, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PreviewText } from "../../../../shared/content-preview";
import { contentLabel, contentPageName, contentPreviewPath, inPageOrder, SHARE_SECTION } from "../../../../shared/content-slots";
import { truncateStaffHtml } from "../../../lib/staff-html";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { PageHeader } from "../../components/PageHeader";
import { useScreenTitle } from "../../current-screen";
import { useAdminNavigate, useUnsavedChanges } from "../../navigation";
import { S } from "../../text-site";
import { ContentForm, type ContentItem } from "./ContentForm";
import { confirmDiscard } from "../../components/FormDialog";
import { CardSkeleton, DeleteButton, EditButton, QueryState } from "../../components/QueryState";
import { ToneTag } from "../../components/tones";
import { VersionHistoryButton } from "../../components/VersionHistory";
import { PreviewFrame } from "./PreviewFrame";
import { SharePreview } from "./SharePreview";
import { TranslateButton } from "../../components/TranslateButton";

/**
 * Website content (admin-portal.md sections 2, 4 and 8; issue 22): every text of the public pages, in
 * tabs by page, listed page by page in the order each page shows them (shared/content-slots.ts), each
 * under a plain label ("Home: big title at the top") with its visibility and the start of its text,
 * formatted as the page shows it. Clicking the text (or Edit) opens the form under it, with a live
 * preview of the page beside it that shows the words as they are typed, before Save. The spec's badges
 * (page, section, key, type) and the sort order show under the Advanced switch. Add Content opens a
 * form at the bottom. Changing tab cancels an edit or create in progress (asking first when something
 * was typed). Delete is added: the server supports it and staff need it.
 */
const T = S.content;
const ALL = "__all__";
const PREVIEW_LENGTH = 200;

/** The first 200 characters, then "..." (only when longer). */
export function contentPreview(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;
}

/** Where a text appears: its label, or the label of the place being typed under Advanced. */
const placeOf = (item: { page: string; section: string; key: string }) => contentLabel(item);

export default function ContentScreen() {
  const list = trpc.content.adminList.useQuery();
  const title = useScreenTitle();
  const navigate = useAdminNavigate();
  const { modal } = App.useApp();
  const [tab, setTab] = useState(ALL);
  const [search, setSearch] = useState("");
  const [editingId, setEditingId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  /** The text being edited, as typed (for the live preview). */
  const [previewText, setPreviewText] = useState<PreviewText | null>(null);
  const createRef = useRef<HTMLDivElement>(null);
  useUnsavedChanges(dirty);

  const items = useMemo(() => inPageOrder(Array.isArray(list.data) ? list.data : []), [list.data]);
  const pages = useMemo(() => [...new Set(items.map((item) => item.page))], [items]);
  const query = search.trim().toLowerCase();
  // The item being edited stays in view whatever the search says (its form must not vanish).
  const shown = items.filter(
    (item) =>
      (tab === ALL || item.page === tab) &&
      (item.id === editingId ||
        !query ||
        [placeOf(item), item.page, item.section, item.key, item.content].some((value) => value.toLowerCase().includes(query))),
  );
  const groups = pages
    .map((page) => ({ page, items: shown.filter((item) => item.page === page) }))
    .filter((group) => group.items.length > 0);
  const editing = editingId === null ? undefined : items.find((item) => item.id === editingId);

  // A page tab whose last item was deleted (or renamed) falls back to All Pages.
  useEffect(() => {
    if (tab !== ALL && list.isSuccess && !pages.includes(tab)) setTab(ALL);
  }, [tab, pages, list.isSuccess]);

  useEffect(() => {
    if (creating) createRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [creating]);

  const closeForms = useCallback(() => {
    setEditingId(null);
    setCreating(false);
    setDirty(false);
    setPreviewText(null);
  }, []);
  /** Runs `next` after closing the open form, asking first when it holds unsaved input. */
  const leaveForm = (next: () => void) =>
    confirmDiscard(modal, dirty, () => {
      closeForms();
      next();
    });

  return (
    <>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate("/dashboard")} style={{ padding: 0, marginBottom: 8 }}>
        {S.common.backToDashboard}
      </Button>
      <PageHeader
        subtitle={T.subtitle}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => (creating ? createRef.current?.scrollIntoView({ behavior: "smooth" }) : leaveForm(() => setCreating(true)))}
          >
            {T.add}
          </Button>
        }
      />
      <QueryState query={list} failed={title} loading={<CardSkeleton />}>
        {() => (
          <>
            <Tabs
              aria-label={T.tabsLabel}
              activeKey={tab}
              onChange={(key) => leaveForm(() => setTab(key))}
              items={[{ key: ALL, label: S.common.allPages }, ...pages.map((page) => ({ key: page, label: contentPageName(page) }))]}
            />
            <Flex justify="space-between" align="center" wrap gap={12}>
              <SearchInput
                label={S.common.search}
                placeholder={T.searchPlaceholder}
                value={search}
                onSearch={setSearch}
                style={{ flex: "0 1 300px", marginBottom: 16 }}
              />
              <Tooltip title={T.advancedSwitchHelp}>
                <Flex component="label" gap={8} align="center" style={{ marginBottom: 16, cursor: "pointer" }}>
                  <Switch size="small" checked={advanced} onChange={setAdvanced} aria-describedby="content-advanced-help" />
                  {T.advancedSwitch}
                  <span id="content-advanced-help" hidden>
                    {T.advancedSwitchHelp}
                  </span>
                </Flex>
              </Tooltip>
            </Flex>
            {shown.length === 0 ? (
              <Card>
                <Empty description={query ? S.common.noMatches : tab === ALL ? T.emptyAll : T.empty} />
              </Card>
            ) : (
              <Row gutter={[16, 16]} wrap>
                <Col xs={24} xl={editing ? 13 : 24}>
                  <Flex vertical gap={20} data-testid="content-list">
                    {groups.map((group) => (
                      <section key={group.page} aria-label={contentPageName(group.page)} data-testid="content-page">
                        <Typography.Title level={4} style={{ margin: "0 0 10px" }}>
                          {contentPageName(group.page)}
                        </Typography.Title>
                        <Flex vertical gap={12}>
                          {group.items.map((item) => (
                            <ContentItemCard
                              key={item.id}
                              item={item}
                              advanced={advanced}
                              editing={editingId === item.id}
                              dirty={editingId === item.id && dirty}
                              onEdit={() => (editingId === item.id ? undefined : leaveForm(() => setEditingId(item.id)))}
                              onClose={closeForms}
                              onCancel={() => leaveForm(() => undefined)}
                              onDirtyChange={setDirty}
                              onPreview={setPreviewText}
                            />
                          ))}
                        </Flex>
                      </section>
                    ))}
                  </Flex>
                </Col>
                {editing ? (
                  <Col xs={24} xl={11}>
                    <div style={{ position: "sticky", top: 16 }}>
                      {editing.section === SHARE_SECTION ? (
                        <SharePreview path={contentPreviewPath(editing)} {...shareTexts(items, editing.page, previewText)} />
                      ) : (
                        <PreviewFrame path={contentPreviewPath(editing)} pageName={contentPageName(editing.page)} text={previewText} />
                      )}
                    </div>
                  </Col>
                ) : null}
              </Row>
            )}
            {creating ? (
              <div ref={createRef} style={{ marginTop: 16, scrollMarginTop: 16 }}>
                <Card title={T.addTitle}>
                  <ContentForm
                    record={null}
                    defaultPage={tab === ALL ? undefined : tab}
                    onDone={closeForms}
                    onCancel={() => leaveForm(() => undefined)}
                    onDirtyChange={setDirty}
                  />
                </Card>
              </div>
            ) : null}
          </>
        )}
      </QueryState>
    </>
  );
}

/**
 * A page's share texts as the preview shows them: the saved ones, the text being edited as typed. The contact page has no description of
 * its own.
 */
function shareTexts(
  items: ReadonlyArray<{ page: string; section: string; key: string; content: string }>,
  page: string,
  editing: PreviewText | null,
) {
  const text = (key: string) => {
    if (editing && editing.page === page && editing.section === SHARE_SECTION && editing.key === key) return editing.content;
    return items.find((item) => item.page === page && item.section === SHARE_SECTION && item.key === key)?.content ?? null;
  };
  return { title: text("title") ?? "", description: text("description") };
}

function ContentItemCard({
  item,
  advanced,
  editing,
  dirty,
  onEdit,
  onClose,
  onCancel,
  onDirtyChange,
  onPreview,
}: {
  item: ContentItem;
  /** Show where it is stored (the spec's badges) and its sort order. */
  advanced: boolean;
  editing: boolean;
  /** The open edit form holds unsaved input. */
  dirty: boolean;
  onEdit: () => void;
  onClose: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onPreview: (text: PreviewText) => void;
}) {
  const deleteAfterConfirm = useConfirmDelete("content");
  const label = placeOf(item);

  const askDelete = () =>
    deleteAfterConfirm({
      title: T.deleteTitle,
      content: T.deleteQuestion(label),
      write: (api) => api.content.delete.mutate({ id: item.id }),
      success: T.deleted,
      failure: T.deleteFailed,
      onDeleted: () => {
        if (editing) onClose();
      },
    });

  return (
    <Card
      size="small"
      data-testid="content-item"
      data-key={`${item.page}/${item.section}/${item.key}`}
      style={editing ? { borderColor: "#0e5a61" } : undefined}
    >
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex gap={6} wrap align="center" style={{ minWidth: 0 }}>
          <Typography.Text strong data-testid="content-place">
            {label}
          </Typography.Text>
          {advanced ? (
            <>
              <Badge name={T.badge.page} value={item.page} tone="blue" />
              <Badge name={T.badge.section} value={item.section} tone="cyan" />
              <Badge name={T.badge.key} value={item.key} tone="indigo" strong />
              <Badge name={T.badge.type} value={item.contentType} tone="purple" />
              <Badge name={T.sortOrderBadge} value={String(item.sortOrder)} tone="blue" />
            </>
          ) : null}
          <Tooltip title={item.isVisible ? S.common.visibleOnSite : S.common.hiddenOnSite}>
            {item.isVisible ? (
              <EyeOutlined aria-label={S.common.visibleOnSite} role="img" style={{ color: "#237804", fontSize: 16, marginLeft: 4 }} />
            ) : (
              <EyeInvisibleOutlined
                aria-label={S.common.hiddenOnSite}
                role="img"
                style={{ color: "#8c8c8c", fontSize: 16, marginLeft: 4 }}
              />
            )}
          </Tooltip>
        </Flex>
        <Flex gap={8} wrap>
          {editing ? null : <EditButton size="small" label={S.common.editLabel(label)} onClick={onEdit} />}
          <TranslateButton size="small" kind="content" recordId={item.id} name={label} />
          <VersionHistoryButton size="small" kind="content" recordId={item.id} name={label} resource="content" unsaved={dirty} />
          {editing ? null : <DeleteButton size="small" label={S.common.deleteLabel(label)} onClick={askDelete} />}
        </Flex>
      </Flex>
      <FormattedText item={item} onEdit={editing ? undefined : onEdit} />
      {editing ? (
        <div style={{ marginTop: 16, paddingTop: 16, borderTop: "1px solid #f0f0f0" }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {T.editing(label)}
          </Typography.Title>
          {/* A new read of the item (after a restore from its history) starts the form afresh with it. */}
          <ContentForm
            key={new Date(item.updatedAt).getTime()}
            record={item}
            advanced={advanced}
            onDone={onClose}
            onCancel={onCancel}
            onDirtyChange={onDirtyChange}
            onPreview={onPreview}
          />
        </div>
      ) : null}
    </Card>
  );
}

/**
 * The start of an item's text as the page shows it: an html item formatted (its HTML cleaned by the
 * server, and again here by the same rules), a text item as typed; both cut after 200 characters plus
 * "..." (admin-portal.md). A click on it opens the editor (the Edit button does the same by keyboard).
 */
function FormattedText({ item, onEdit }: { item: ContentItem; onEdit?: () => void }) {
  const html = useMemo(
    () => (item.contentType === "html" ? truncateStaffHtml(item.content, PREVIEW_LENGTH) : null),
    [item.contentType, item.content],
  );
  const style = { margin: "10px 0 0", wordBreak: "break-word" as const, cursor: onEdit ? "pointer" : undefined };
  const common = { "data-testid": "content-preview", onClick: onEdit, title: onEdit ? T.clickToEdit : undefined };
  if (!item.content)
    return (
      <Typography.Paragraph {...common} type="secondary" style={style}>
        {T.emptyContent}
      </Typography.Paragraph>
    );
  if (html !== null) {
    return (
      <Typography {...common} className="content-formatted" style={{ ...style, opacity: item.isVisible ? 1 : 0.6 }}>
        {/* cleaned by the server's allowlist when read, and again here by the same rules (truncateStaffHtml runs cleanStaffHtml) */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see the lines above */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    );
  }
  return (
    <Typography.Paragraph {...common} type={item.isVisible ? undefined : "secondary"} style={{ ...style, whiteSpace: "pre-wrap" }}>
      {contentPreview(item.content)}
    </Typography.Paragraph>
  );
}

/** A labelled badge: the field's name, then its value. */
function Badge({
  name,
  value,
  tone,
  strong,
}: {
  name: string;
  value: string;
  tone: "blue" | "cyan" | "indigo" | "purple";
  strong?: boolean;
}) {
  return (
    <ToneTag tone={tone}>
      <span style={{ fontWeight: 400 }}>{name}:</span> <span style={{ fontWeight: strong ? 600 : 500 }}>{value}</span>
    </ToneTag>
  );
}
