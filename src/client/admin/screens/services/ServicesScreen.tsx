import { DeleteOutlined, EditOutlined, ExportOutlined } from "@ant-design/icons";
import { SearchInput } from "../../components/SearchInput";
import { Button, Card, Empty, Flex, Tag, Tooltip, Typography } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import type { Outputs } from "../../outputs";
import { trpc } from "../../../lib/trpc";
import { useConfirmDelete } from "../../components/confirm";
import { PageHeader } from "../../components/PageHeader";
import { AddButton, CardGridSkeleton, QueryState } from "../../components/QueryState";
import { SortableGrid } from "../../components/SortableGrid";
import { useSave } from "../../save";
import { useAdminNavigate } from "../../navigation";
import { A } from "../../text";
import { C } from "../../text-content";
import { ServiceImage } from "./ServiceImage";

/**
 * Services list (admin-portal.md sections 2, 4 and 8): a card per service with its image, title, short
 * description, slug and a description excerpt; Edit, View (the public page, new tab) and Delete (after a
 * confirmation). A search box narrows the cards by title or slug. The cards are in the site's order,
 * which staff change by dragging them (or from the keyboard); a draft says so.
 */
type Service = Outputs["services"]["adminList"][number];

export default function ServicesScreen() {
  const navigate = useAdminNavigate();
  const services = trpc.services.adminList.useQuery();
  const addService = () => navigate("/services/new");

  return (
    <>
      <PageHeader subtitle={C.services.subtitle} extra={<AddButton label={C.services.add} onClick={addService} />} />
      <QueryState
        query={services}
        failed={C.services.loadFailed}
        loading={<CardGridSkeleton columns={{ md: 12, xl: 8 }} image />}
        empty={{
          when: (list) => list.length === 0,
          title: C.services.empty,
          text: C.services.emptyHint,
          action: <AddButton label={C.services.add} onClick={addService} />,
        }}
      >
        {(list) => <ServiceList list={list} />}
      </QueryState>
    </>
  );
}

/** The cards, narrowed by the search box. */
function ServiceList({ list }: { list: Service[] }) {
  const [search, setSearch] = useState("");
  const { run } = useSave("services");
  const utils = trpc.useUtils();
  const shown = useMemo(() => {
    const query = search.trim().toLowerCase();
    if (!query) return list;
    return list.filter(
      (s) => s.title.toLowerCase().includes(query) || s.slug.includes(query) || s.shortDescription.toLowerCase().includes(query),
    );
  }, [list, search]);
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <SearchInput
          label={C.services.search}
          placeholder={C.services.searchPlaceholder}
          value={search}
          onSearch={setSearch}
          style={{ maxWidth: 360 }}
        />
        <Typography.Text type="secondary" data-testid="services-count">
          {C.services.count(shown.length, list.length)}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary">{search.trim() ? A.reorder.hintFiltered : A.reorder.hint}</Typography.Paragraph>
      <SortableGrid
        items={shown}
        columns={{ md: 12, xl: 8 }}
        name={(service) => service.title}
        locked={search.trim() !== ""}
        onMove={async (ids) => {
          const saved = await run({
            write: (api) => api.services.reorder.mutate({ ids }),
            success: A.reorder.saved,
            failure: A.reorder.failed,
          });
          // Refused for a list that changed meanwhile: the list as it is now, to move again.
          if (!saved.ok) void utils.services.adminList.invalidate();
          return saved.ok;
        }}
        empty={<Empty description={C.services.noMatch} />}
        card={(service, handle) => <ServiceCard service={service} handle={handle} />}
      />
    </>
  );
}

function ServiceCard({ service, handle }: { service: Service; handle: ReactNode }) {
  const navigate = useAdminNavigate();
  const deleteAfterConfirm = useConfirmDelete("services");

  const onDelete = () =>
    deleteAfterConfirm({
      title: C.services.deleteTitle,
      content: C.services.deleteText(service.title),
      write: (api) => api.services.delete.mutate({ id: service.id }),
      success: C.services.deleted,
      failure: (message) => [A.common.error, message || C.services.deleteFailed],
    });

  return (
    <Card
      data-testid="service-card"
      style={{ height: "100%", display: "flex", flexDirection: "column" }}
      styles={{ body: { flex: 1 } }}
      cover={<ServiceImage src={service.imageUrl} alt={service.imageAlt || service.title} height={180} />}
      actions={[
        <Button
          key="edit"
          type="text"
          icon={<EditOutlined />}
          onClick={() => navigate(`/services/edit/${service.id}`)}
          aria-label={`${C.services.edit} "${service.title}"`}
        >
          {C.services.edit}
        </Button>,
        <Tooltip key="view" title={C.services.viewLabel(service.title)}>
          <Button
            type="text"
            icon={<ExportOutlined />}
            href={`/services/${service.slug}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={C.services.viewLabel(service.title)}
            style={{ color: "rgba(0, 0, 0, 0.88)", display: "inline-flex", alignItems: "center", gap: 8 }}
          >
            {C.services.view}
          </Button>
        </Tooltip>,
        <Button
          key="delete"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onDelete}
          aria-label={`${C.services.delete} "${service.title}"`}
        >
          {C.services.delete}
        </Button>,
      ]}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
          {service.title}
        </Typography.Title>
        {handle}
      </Flex>
      {service.isPublished ? null : (
        <Tag color="orange" style={{ marginTop: 8 }} data-testid="service-draft">
          {C.services.draft}
        </Tag>
      )}
      <Tag variant="filled" color="cyan" style={{ marginTop: 8, fontFamily: "ui-monospace, monospace" }} data-testid="service-slug">
        /services/{service.slug}
      </Tag>
      <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 8 }} ellipsis={{ rows: 2, tooltip: service.shortDescription }}>
        {service.shortDescription}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 3 }}>
        {service.description}
      </Typography.Paragraph>
    </Card>
  );
}
