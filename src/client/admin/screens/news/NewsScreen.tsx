import { RefreshButton } from "../../components/RefreshButton";
import { SearchInput } from "../../components/SearchInput";
import { DeleteOutlined, EditOutlined, ExportOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Grid, Space, Table, Tag, Tooltip, Typography } from "antd";
import { NoMatch } from "../../components/FilterBar";
import type { TableProps } from "antd";
import { useMemo, useState } from "react";
import type { Outputs } from "../../outputs";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { PageHeader } from "../../components/PageHeader";
import { AddButton, QueryState } from "../../components/QueryState";
import { useAdminNavigate } from "../../navigation";
import { A } from "../../text";
import { C } from "../../text-content";
import { shortUsDate } from "./dates";

/**
 * News list (admin-portal.md sections 2, 4 and 8): every article, drafts included, in a table with
 * Title, Type, Status, Published date and the edit/delete actions; search by title, sorting by title,
 * date and status, filters by type and status, pagination. Refresh reloads the list.
 */
type Article = Outputs["news"]["adminList"][number];
const T = C.news;

const isExternal = (a: Article) => Boolean(a.externalUrl);
const isScheduled = (a: Article) => a.isPublished && a.publishedAt !== null && a.publishedAt.getTime() > Date.now();
/** Published articles by date; drafts after them (they are "Not published"). */
const dateKey = (a: Article) => (a.isPublished && a.publishedAt ? a.publishedAt.getTime() : Number.NEGATIVE_INFINITY);

export default function NewsScreen() {
  const navigate = useAdminNavigate();
  const articles = trpc.news.adminList.useQuery();
  const deleteAfterConfirm = useConfirmDelete("news");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const screens = Grid.useBreakpoint();

  const list = useMemo(() => articles.data ?? [], [articles.data]);
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase();
    return query ? list.filter((a) => a.title.toLowerCase().includes(query)) : list;
  }, [list, search]);

  const onDelete = (article: Article) =>
    deleteAfterConfirm({
      title: T.deleteTitle,
      content: T.deleteText(article.title),
      write: (api) => api.news.delete.mutate({ id: article.id }),
      success: T.deleted(article.title),
      failure: () => [A.common.error, T.deleteFailed],
    });

  const typeTag = (article: Article) =>
    isExternal(article) ? <Tag color="purple">{T.external}</Tag> : <Tag color="blue">{T.selfPublished}</Tag>;

  const columns: TableProps<Article>["columns"] = [
    {
      key: "title",
      title: T.columns.title,
      sorter: (a, b) => a.title.localeCompare(b.title),
      render: (_, article) => (
        <Flex vertical gap={2}>
          <Typography.Link strong onClick={() => navigate(`/news/edit/${article.id}`)}>
            {article.title}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: "ui-monospace, monospace", wordBreak: "break-all" }}>
            /news/{article.slug}
          </Typography.Text>
          {/* Narrow screens drop the Type column: the type shows under the title instead. */}
          {screens.lg ? null : <span>{typeTag(article)}</span>}
        </Flex>
      ),
    },
    {
      key: "type",
      title: T.columns.type,
      width: 140,
      responsive: ["lg"],
      filters: [
        { text: T.external, value: "external" },
        { text: T.selfPublished, value: "self" },
      ],
      onFilter: (value, article) => (value === "external") === isExternal(article),
      render: (_, article) => typeTag(article),
    },
    {
      key: "status",
      title: T.columns.status,
      width: 120,
      sorter: (a, b) => Number(b.isPublished) - Number(a.isPublished),
      filters: [
        { text: T.published, value: "published" },
        { text: T.draft, value: "draft" },
      ],
      onFilter: (value, article) => (value === "published") === article.isPublished,
      render: (_, article) => (article.isPublished ? <Tag color="green">{T.published}</Tag> : <Tag>{T.draft}</Tag>),
    },
    {
      key: "publishedAt",
      title: T.columns.published,
      width: 150,
      defaultSortOrder: "descend",
      sorter: (a, b) => dateKey(a) - dateKey(b),
      render: (_, article) =>
        article.isPublished && article.publishedAt ? (
          <Space size={4} wrap>
            <time dateTime={article.publishedAt.toISOString()}>{shortUsDate(article.publishedAt)}</time>
            {isScheduled(article) ? (
              <Tooltip title={T.scheduledHint}>
                <Tag color="gold">{T.scheduled}</Tag>
              </Tooltip>
            ) : null}
          </Space>
        ) : (
          <Typography.Text type="secondary">{T.notPublished}</Typography.Text>
        ),
    },
    {
      key: "actions",
      title: T.columns.actions,
      width: 132,
      align: "right",
      fixed: "right",
      render: (_, article) => (
        <Space size={4}>
          <Tooltip title={A.common.edit}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={T.editLabel(article.title)}
              onClick={() => navigate(`/news/edit/${article.id}`)}
            />
          </Tooltip>
          {article.isPublished && !isScheduled(article) ? (
            <Tooltip title={C.article.viewOnSite}>
              <Button
                type="text"
                icon={<ExportOutlined />}
                aria-label={T.viewLabel(article.title)}
                href={`/news/${encodeURIComponent(article.slug)}`}
                target="_blank"
                rel="noopener noreferrer"
              />
            </Tooltip>
          ) : null}
          <Tooltip title={A.common.delete}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={T.deleteLabel(article.title)}
              onClick={() => onDelete(article)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const refreshButton = <RefreshButton query={articles} label={T.refresh} />;

  return (
    <>
      <PageHeader
        subtitle={T.subtitle}
        extra={
          <>
            {refreshButton}
            <AddButton label={T.create} onClick={() => navigate("/news/new")} />
          </>
        }
      />

      <QueryState
        query={articles}
        failed={{ title: T.loadFailed, toast: [A.common.error, T.loadFailed] }}
        empty={{
          when: (all) => all.length === 0,
          title: T.empty,
          action: <AddButton label={T.createFirst} onClick={() => navigate("/news/new")} />,
        }}
      >
        {() => (
          <Card styles={{ body: { padding: 0 } }}>
            <Flex justify="space-between" align="center" wrap gap={12} style={{ padding: 16 }}>
              <SearchInput
                label={T.search}
                placeholder={T.searchPlaceholder}
                value={search}
                onSearch={(words) => {
                  setSearch(words);
                  setPage((p) => ({ ...p, current: 1 }));
                }}
                style={{ maxWidth: 360 }}
              />
              <Typography.Text type="secondary">{T.total(list.length)}</Typography.Text>
            </Flex>
            <Table<Article>
              rowKey="id"
              columns={columns}
              dataSource={shown}
              scroll={{ x: 600 }}
              locale={{ emptyText: <NoMatch description={T.noMatch} /> }}
              pagination={{
                ...page,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50],
                hideOnSinglePage: false,
                showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
                onChange: (current, pageSize) => setPage({ current, pageSize }),
              }}
            />
          </Card>
        )}
      </QueryState>
    </>
  );
}
