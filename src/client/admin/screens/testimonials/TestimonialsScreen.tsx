import { StarFilled } from "@ant-design/icons";
import { Avatar, Card, Descriptions, Empty, Flex, Segmented, Switch, Tag, Typography } from "antd";
import { useState } from "react";
import { languageOf } from "../../../../shared/languages";
import { trpc } from "../../../lib/trpc";
import { useSave } from "../../save";
import { useConfirmDelete } from "../../components/confirm";
import { CardGridSkeleton, DeleteButton, EditButton } from "../../components/QueryState";
import { SortableGrid } from "../../components/SortableGrid";
import { A } from "../../text";
import type { ReactNode } from "react";
import { RecordsScreen } from "../../components/RecordsScreen";
import { useCan } from "../../permissions";
import { S } from "../../text-site";
import { TestimonialForm, type Testimonial } from "./TestimonialForm";
import { TranslateButton } from "../../components/TranslateButton";

/**
 * Testimonials (admin-portal.md sections 2, 4 and 8): every testimonial as a card, filtered by
 * visibility, with a switch that publishes or hides it at once (the whole record is sent with isVisible
 * flipped), add and edit dialogs, and a delete confirmation naming the testimonial.
 */
type Filter = "all" | "visible" | "hidden";

const T = S.testimonials;

export default function TestimonialsScreen() {
  const list = trpc.testimonials.adminList.useQuery();
  const [filter, setFilter] = useState<Filter>("all");
  return (
    <RecordsScreen
      words={T}
      query={list}
      failed={{ title: T.loadFailed, toast: true }}
      loading={<CardGridSkeleton columns={{ md: 12, xxl: 8 }} avatar />}
      list={(all, edit) => <TestimonialList all={all} filter={filter} onFilter={setFilter} onEdit={edit} />}
      form={(record, controls) => <TestimonialForm record={record} controls={controls} />}
    />
  );
}

/** The cards, filtered by visibility, with the counter. */
function TestimonialList({
  all,
  filter,
  onFilter,
  onEdit,
}: {
  all: Testimonial[];
  filter: Filter;
  onFilter: (filter: Filter) => void;
  onEdit: (record: Testimonial) => void;
}) {
  const shown = all.filter((t) => (filter === "all" ? true : filter === "visible" ? t.isVisible : !t.isVisible));
  const { run } = useSave("testimonials");
  const utils = trpc.useUtils();
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented<Filter>
          aria-label={T.filterLabel}
          value={filter}
          onChange={onFilter}
          options={[
            { value: "all", label: T.filterAll },
            { value: "visible", label: T.filterVisible },
            { value: "hidden", label: T.filterHidden },
          ]}
        />
        <Typography.Text type="secondary" data-testid="testimonial-counter" aria-live="polite">
          {T.counter(shown.length, all.length)}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary">{filter === "all" ? A.reorder.hint : A.reorder.hintFiltered}</Typography.Paragraph>
      <SortableGrid
        items={shown}
        columns={{ md: 12, xxl: 8 }}
        name={(testimonial) => testimonial.name}
        locked={filter !== "all"}
        onMove={async (ids) => {
          const saved = await run({
            write: (api) => api.testimonials.reorder.mutate({ ids }),
            success: A.reorder.saved,
            failure: A.reorder.failed,
          });
          // Refused for a list that changed meanwhile: the list as it is now, to move again.
          if (!saved.ok) void utils.testimonials.adminList.invalidate();
          return saved.ok;
        }}
        empty={<Empty description={filter === "visible" ? T.noneVisible : T.noneHidden} />}
        card={(testimonial, handle) => <TestimonialCard testimonial={testimonial} handle={handle} onEdit={() => onEdit(testimonial)} />}
      />
    </>
  );
}

function TestimonialCard({ testimonial, handle, onEdit }: { testimonial: Testimonial; handle: ReactNode; onEdit: () => void }) {
  // Showing or hiding it on the website is publishing.
  const mayPublish = useCan("publish");
  const utils = trpc.useUtils();
  const { saving, run } = useSave("testimonials");
  const deleteAfterConfirm = useConfirmDelete("testimonials");

  // The switch flips at once (optimistically) and goes back if the server refuses.
  const toggleVisibility = async (isVisible: boolean) => {
    const { id, name, service, rating, content, imageUrl, receivedAt, source, consentToPublish, incentive } = testimonial;
    await utils.testimonials.adminList.cancel();
    const previous = utils.testimonials.adminList.getData();
    utils.testimonials.adminList.setData(undefined, (rows) => rows?.map((row) => (row.id === id ? { ...row, isVisible } : row)));
    const saved = await run({
      write: (api) =>
        api.testimonials.update.mutate({
          id,
          name,
          service,
          rating,
          content,
          imageUrl,
          isVisible,
          receivedAt,
          source,
          consentToPublish,
          incentive,
        }),
      success: isVisible ? S.testimonials.nowVisible : S.testimonials.nowHidden,
      failure: S.testimonials.visibilityFailed,
    });
    if (!saved.ok) utils.testimonials.adminList.setData(undefined, previous);
  };

  const askDelete = () =>
    deleteAfterConfirm({
      title: S.testimonials.deleteTitle,
      content: (
        <>
          <Typography.Paragraph>{S.testimonials.deleteQuestion}</Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: "name", label: S.testimonials.name, children: testimonial.name },
              { key: "service", label: S.testimonials.deleteService, children: testimonial.service },
              { key: "rating", label: S.testimonials.deleteRating, children: S.testimonials.rating(testimonial.rating) },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: "12px 0 0" }}>
            {S.common.cannotUndo}
          </Typography.Paragraph>
        </>
      ),
      write: (api) => api.testimonials.delete.mutate({ id: testimonial.id }),
      success: S.testimonials.deleted,
      failure: S.testimonials.deleteFailed,
    });

  const hidden = !testimonial.isVisible;
  return (
    <Card
      data-testid="testimonial-card"
      data-visible={testimonial.isVisible}
      style={{ height: "100%", background: hidden ? "#f3f4f4" : undefined, borderStyle: hidden ? "dashed" : undefined }}
      styles={{ body: { display: "flex", flexDirection: "column", height: "100%", gap: 12 } }}
    >
      <div style={{ opacity: hidden ? 0.55 : 1, flex: 1, display: "flex", flexDirection: "column", gap: 12 }}>
        <Flex gap={12} align="center">
          <Avatar size={48} src={testimonial.imageUrl || undefined} alt="" style={{ background: "#0e5a61", flex: "none" }}>
            {initials(testimonial.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: testimonial.name }}>
              {testimonial.name}
            </Typography.Title>
            <Typography.Text type="secondary">{testimonial.service}</Typography.Text>
          </div>
        </Flex>
        <Flex align="center" gap={8}>
          <span aria-hidden="true" style={{ color: "#e0a800", letterSpacing: 1 }}>
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are the rating's fixed positions, not items of a list
              <StarFilled key={i} style={{ color: i < testimonial.rating ? "#d89c00" : "#d9d9d9" }} />
            ))}
          </span>
          <Typography.Text>{S.testimonials.rating(testimonial.rating)}</Typography.Text>
        </Flex>
        <Typography.Paragraph
          lang={testimonial.language === "en" ? undefined : languageOf(testimonial.language).tag}
          style={{ margin: 0, whiteSpace: "pre-line" }}
          ellipsis={{ rows: 5, expandable: "collapsible" }}
        >
          {testimonial.content}
        </Typography.Paragraph>
        <Flex vertical gap={4} data-testid="testimonial-record">
          <Typography.Text type="secondary">{T.receivedLine(formatDay(testimonial.receivedAt), testimonial.source)}</Typography.Text>
          <Flex gap={8} wrap>
            <Tag color={testimonial.consentToPublish ? "green" : "orange"}>{testimonial.consentToPublish ? T.consentYes : T.consentNo}</Tag>
            <Typography.Text>{testimonial.incentive ? T.incentiveLine(testimonial.incentive) : T.noIncentive}</Typography.Text>
            {testimonial.language === "en" ? null : <Tag>{T.writtenIn(languageOf(testimonial.language).name)}</Tag>}
          </Flex>
        </Flex>
      </div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ borderTop: "1px solid #f0f0f0", paddingTop: 12 }}>
        <Switch
          checked={testimonial.isVisible}
          loading={saving}
          checkedChildren={S.testimonials.visible}
          unCheckedChildren={S.testimonials.hidden}
          onChange={(checked) => void toggleVisibility(checked)}
          disabled={!mayPublish}
          aria-label={S.testimonials.visibilityLabel(testimonial.name)}
        />
        <Flex gap={8}>
          {handle}
          <EditButton label={S.testimonials.editLabel(testimonial.name)} onClick={onEdit} />
          <TranslateButton kind="testimonial" recordId={testimonial.id} name={testimonial.name} />
          <DeleteButton label={S.testimonials.deleteLabel(testimonial.name)} onClick={askDelete} />
        </Flex>
      </Flex>
    </Card>
  );
}

/** "2024-10-21" as "Oct 21, 2024" (a calendar day: no time zone to convert). */
function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}
