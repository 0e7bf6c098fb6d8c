import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined, PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { App, Button, Card, Empty, Flex, Input, Skeleton, Tabs, Tooltip, Typography } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { contentPlace } from "../../../../shared/site-places";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { PageHeader } from "../../components/PageHeader";
import { useScreenTitle } from "../../current-screen";
import { useAdminNavigate, useUnsavedChanges } from "../../navigation";
import { A } from "../../text";
import { S } from "../../text-site";
import { ContentForm, type ContentItem } from "./ContentForm";
import { confirmDiscard } from "../../components/FormDialog";
import { QueryState } from "../../components/QueryState";
import { ToneTag } from "../../components/tones";
import { VersionHistoryButton } from "../../components/VersionHistory";

/**
 * Website content (admin-portal.md sections 2, 4 and 8): the texts of the public pages, in tabs by
 * page. Each item shows its page, section, key, type, visibility and the start of its text; Edit opens a
 * form under the item, Add Content one at the bottom. Changing tab cancels an edit or create in progress
 * (asking first when something was typed). Delete is added: the server supports it and staff need it.
 */
const T = S.content;
const ALL = "__all__";
const PREVIEW_LENGTH = 200;

/** The first 200 characters, then "..." (only when longer). */
export function contentPreview(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;
}

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
  const createRef = useRef<HTMLDivElement>(null);
  useUnsavedChanges(dirty);

  const items = useMemo(() => (Array.isArray(list.data) ? list.data : []), [list.data]);
  const pages = useMemo(() => [...new Set(items.map((item) => item.page))], [items]);
  const query = search.trim().toLowerCase();
  // The item being edited stays in view whatever the search says (its form must not vanish).
  const shown = items.filter(
    (item) =>
      (tab === ALL || item.page === tab) &&
      (item.id === editingId || !query || [item.page, item.section, item.key, item.content].some((value) => value.toLowerCase().includes(query))),
  );

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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => (creating ? createRef.current?.scrollIntoView({ behavior: "smooth" }) : leaveForm(() => setCreating(true)))}>
            {T.add}
          </Button>
        }
      />
      <QueryState query={list} failed={title} loading={<Card><Skeleton active /></Card>}>
        {() => (
          <>
            <Flex justify="space-between" align="center" wrap gap={12}>
              <Tabs
                aria-label={T.tabsLabel}
                activeKey={tab}
                onChange={(key) => leaveForm(() => setTab(key))}
                items={[{ key: ALL, label: S.common.allPages }, ...pages.map((page) => ({ key: page, label: page }))]}
                style={{ flex: "1 1 420px", minWidth: 0 }}
              />
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={T.searchPlaceholder}
                aria-label={S.common.search}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                style={{ flex: "0 1 300px", marginBottom: 16 }}
              />
            </Flex>
            {shown.length === 0 ? (
              <Card>
                <Empty description={query ? S.common.noMatches : tab === ALL ? T.emptyAll : T.empty} />
              </Card>
            ) : (
              <Flex vertical gap={12} data-testid="content-list">
                {shown.map((item) => (
                  <ContentItemCard
                    key={item.id}
                    item={item}
                    editing={editingId === item.id}
                    dirty={editingId === item.id && dirty}
                    onEdit={() => (editingId === item.id ? undefined : leaveForm(() => setEditingId(item.id)))}
                    onClose={closeForms}
                    onCancel={() => leaveForm(() => undefined)}
                    onDirtyChange={setDirty}
                  />
                ))}
              </Flex>
            )}
            {creating ? (
              <div ref={createRef} style={{ marginTop: 16, scrollMarginTop: 16 }}>
                <Card title={T.addTitle}>
                  <ContentForm record={null} defaultPage={tab === ALL ? undefined : tab} onDone={closeForms} onCancel={() => leaveForm(() => undefined)} onDirtyChange={setDirty} />
                </Card>
              </div>
            ) : null}
          </>
        )}
      </QueryState>
    </>
  );
}

function ContentItemCard({
  item,
  editing,
  dirty,
  onEdit,
  onClose,
  onCancel,
  onDirtyChange,
}: {
  item: ContentItem;
  editing: boolean;
  /** The open edit form holds unsaved input. */
  dirty: boolean;
  onEdit: () => void;
  onClose: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const deleteAfterConfirm = useConfirmDelete("content");
  const label = T.itemLabel(item.page, item.section, item.key);

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
    <Card size="small" data-testid="content-item" data-key={`${item.page}/${item.section}/${item.key}`} style={editing ? { borderColor: "#0e5a61" } : undefined}>
      <Typography.Paragraph style={{ margin: "0 0 8px" }} data-testid="content-place">
        <Typography.Text type="secondary">{T.appearsOn}: </Typography.Text>
        <Typography.Text strong>{contentPlace(item)}</Typography.Text>
      </Typography.Paragraph>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Flex gap={6} wrap align="center" style={{ minWidth: 0 }}>
          <Badge name={T.badge.page} value={item.page} tone="blue" />
          <Badge name={T.badge.section} value={item.section} tone="cyan" />
          <Badge name={T.badge.key} value={item.key} tone="indigo" strong />
          <Badge name={T.badge.type} value={item.contentType} tone="purple" />
          <Tooltip title={item.isVisible ? S.common.visibleOnSite : S.common.hiddenOnSite}>
            {item.isVisible ? (
              <EyeOutlined aria-label={S.common.visibleOnSite} role="img" style={{ color: "#237804", fontSize: 16, marginLeft: 4 }} />
            ) : (
              <EyeInvisibleOutlined aria-label={S.common.hiddenOnSite} role="img" style={{ color: "#8c8c8c", fontSize: 16, marginLeft: 4 }} />
            )}
          </Tooltip>
        </Flex>
        <Flex gap={8} wrap>
          {editing ? null : (
            <Button size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={T.editLabel(label)}>
              {A.common.edit}
            </Button>
          )}
          <VersionHistoryButton size="small" kind="content" recordId={item.id} name={contentPlace(item)} resource="content" unsaved={dirty} />
          {editing ? null : (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={askDelete} aria-label={T.deleteLabel(label)}>
              {A.common.delete}
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Paragraph
        data-testid="content-preview"
        type={item.isVisible ? undefined : "secondary"}
        style={{ margin: "10px 0 0", whiteSpace: "pre-wrap", wordBreak: "break-word" }}
      >
        {item.content ? contentPreview(item.content) : T.emptyContent}
      </Typography.Paragraph>
      {editing ? (
        <div style={{ marginTop: 16, paddingTop: 16, borderTop: "1px solid #f0f0f0" }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {T.editTitle}
          </Typography.Title>
          {/* A new read of the item (after a restore from its history) starts the form afresh with it. */}
          <ContentForm key={new Date(item.updatedAt).getTime()} record={item} onDone={onClose} onCancel={onCancel} onDirtyChange={onDirtyChange} />
        </div>
      ) : null}
    </Card>
  );
}

/** A labelled badge: the field's name, then its value. */
function Badge({ name, value, tone, strong }: { name: string; value: string; tone: "blue" | "cyan" | "indigo" | "purple"; strong?: boolean }) {
  return (
    <ToneTag tone={tone}>
      <span style={{ fontWeight: 400 }}>{name}:</span> <span style={{ fontWeight: strong ? 600 : 500 }}>{value}</span>
    </ToneTag>
  );
}
