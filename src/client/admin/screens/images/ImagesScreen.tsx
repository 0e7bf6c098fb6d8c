import { PictureOutlined } from "@ant-design/icons";
import { Card, Descriptions, Empty, Flex, Image, Tabs, Typography } from "antd";
import { useMemo, useState } from "react";
import { imagePlace } from "../../../../shared/site-places";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { useScreenTitle } from "../../current-screen";
import { S } from "../../text-site";
import { FormDialog } from "../../components/FormDialog";
import { CardGrid, CardGridSkeleton, EditButton, QueryState } from "../../components/QueryState";
import { ToneTag } from "../../components/tones";
import { ImageEditForm, type WebsiteImage } from "./ImageEditForm";
import { TranslateButton } from "../../components/TranslateButton";

/**
 * Website images (admin-portal.md sections 2 and 8): the pictures of the public pages, in tabs by page,
 * as cards (image, key, Visible/Hidden, page, section, alt text, size). Edit only: the set of image
 * slots is fixed, so there is no create or delete.
 */
const T = S.images;
const ALL = "__all__";

export default function ImagesScreen() {
  const list = trpc.images.adminList.useQuery();
  const title = useScreenTitle();
  const [editing, setEditing] = useState<WebsiteImage | null>(null);

  return (
    <>
      <PageHeader subtitle={T.subtitle} />
      <QueryState query={list} failed={title} loading={<CardGridSkeleton columns={{ sm: 12, xl: 8 }} image />}>
        {(images) => <ImageGrid images={images} onEdit={setEditing} />}
      </QueryState>
      <FormDialog
        open={editing !== null}
        title={editing ? T.editTitle(`${editing.page} / ${editing.section} / ${editing.key}`) : ""}
        onClose={() => setEditing(null)}
        width={720}
      >
        {(controls) => (editing ? <ImageEditForm record={editing} controls={controls} /> : null)}
      </FormDialog>
    </>
  );
}

/** The images in tabs by page. */
function ImageGrid({ images, onEdit }: { images: WebsiteImage[]; onEdit: (image: WebsiteImage) => void }) {
  const [tab, setTab] = useState(ALL);
  const pages = useMemo(() => [...new Set(images.map((image) => image.page))], [images]);
  const shown = tab === ALL ? images : images.filter((image) => image.page === tab);
  return (
    <>
      <Tabs
        aria-label={T.tabsLabel}
        activeKey={tab}
        onChange={setTab}
        items={[{ key: ALL, label: S.common.allPages }, ...pages.map((page) => ({ key: page, label: page }))]}
      />
      <CardGrid
        items={shown}
        columns={{ sm: 12, xl: 8 }}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />}
        card={(image) => <ImageCard image={image} onEdit={() => onEdit(image)} />}
      />
    </>
  );
}

function ImageCard({ image, onEdit }: { image: WebsiteImage; onEdit: () => void }) {
  return (
    <Card
      data-testid="image-card"
      data-key={`${image.page}/${image.section}/${image.key}`}
      style={{ height: "100%", display: "flex", flexDirection: "column" }}
      styles={{ body: { display: "flex", flexDirection: "column", gap: 12, flex: 1 } }}
      cover={
        <div
          style={{
            height: 180,
            background: "#eef2f1",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            overflow: "hidden",
            borderRadius: "8px 8px 0 0",
          }}
        >
          {image.imageUrl ? (
            <Image
              src={image.imageUrl}
              alt={T.imageAlt(image.altText, image.key)}
              height={180}
              width="100%"
              style={{ objectFit: "cover", opacity: image.isVisible ? 1 : 0.5 }}
            />
          ) : (
            <PictureOutlined style={{ fontSize: 48, color: "#9bb3b0" }} aria-hidden="true" />
          )}
        </div>
      }
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: image.key }}>
          {image.key}
        </Typography.Title>
        <ToneTag tone={image.isVisible ? "green" : "grey"}>{image.isVisible ? T.visible : T.hidden}</ToneTag>
      </Flex>
      <Descriptions
        size="small"
        column={1}
        style={{ flex: 1 }}
        items={[
          { key: "place", label: T.appearsOn, children: <span data-testid="image-place">{imagePlace(image)}</span> },
          { key: "page", label: T.page, children: image.page },
          { key: "section", label: T.section, children: image.section },
          {
            key: "alt",
            label: T.altText,
            children: image.altText ? image.altText : <Typography.Text type="secondary">{T.noAltText}</Typography.Text>,
          },
          { key: "size", label: T.sizeLabel, children: <span data-testid="image-size">{T.size(image.width, image.height)}</span> },
        ]}
      />
      <Flex justify="flex-end" gap={8} wrap>
        <EditButton label={T.editLabel(image.key, image.page)} onClick={onEdit} />
        <TranslateButton kind="image" recordId={image.id} name={image.key} />
      </Flex>
    </Card>
  );
}
