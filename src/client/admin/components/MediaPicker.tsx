import { PictureOutlined, UploadOutlined } from "@ant-design/icons";
import { keepPreviousData } from "@tanstack/react-query";
import { Button, Flex, Input, Modal, Pagination, Skeleton, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { responsiveSources } from "../../../shared/image-variants";
import { UPLOAD_PAGE_SIZE } from "../../../shared/schemas/uploads";
import { trpc } from "../../lib/trpc";
import { QueryState } from "./QueryState";
import { checkImageFile } from "./image-file";
import { UploadProgressBar } from "./UploadProgressBar";
import { useFeedback } from "../feedback";
import { useCan } from "../permissions";
import { toFormData } from "../forms";
import { useAction } from "../save";
import { A } from "../text";

/** What choosing an upload gives the form: its address, the alt text it was last given, and its pixels. */
export interface PickedUpload {
  url: string;
  alt: string | null;
  width: number | null;
  height: number | null;
}

const T = A.media;

/**
 * The media picker: a dialog listing the images uploaded before (a thumbnail, the alt text they were
 * given, the file name and size), searchable by alt text or file name and paged, to use one again
 * instead of uploading it twice. Choosing one calls `onPick` and closes the dialog. Kept to this small
 * API (open, onClose, onPick) for every place that takes a picture, the news body's editor included.
 * With `upload` (the news body's editor, which has no upload button of its own), it also takes a new
 * picture: "Upload new image" stores it at once and picks it (UploadNew).
 */
export function MediaPicker({
  open,
  onClose,
  onPick,
  upload,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (picked: PickedUpload) => void;
  upload?: boolean;
}) {
  return (
    <Modal open={open} title={T.title} onCancel={onClose} footer={null} width={920} destroyOnHidden>
      {/* Rendered only while open: each opening reads the list afresh (an upload made since shows). */}
      <UploadList
        upload={upload}
        onPick={(picked) => {
          onPick(picked);
          onClose();
        }}
      />
    </Modal>
  );
}

/**
 * The "Choose from uploads" button beside a form's Upload button, with its dialog; only for a role that manages pictures (media.manage: the
 * list is theirs).
 */
export function ChooseFromUploads({ onPick, disabled }: { onPick: (picked: PickedUpload) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  if (!useCan("media.manage")) return null;
  return (
    <>
      <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
        {A.image.chooseFromUploads}
      </Button>
      <MediaPicker open={open} onClose={() => setOpen(false)} onPick={onPick} />
    </>
  );
}

function UploadList({ onPick, upload }: { onPick: (picked: PickedUpload) => void; upload?: boolean }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = trpc.uploads.list.useQuery(
    { q: search || undefined, page, pageSize: UPLOAD_PAGE_SIZE },
    { placeholderData: keepPreviousData, refetchOnMount: "always" },
  );
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        {upload ? <UploadNew onUploaded={onPick} /> : null}
        <Input.Search
          placeholder={T.search}
          aria-label={T.searchLabel}
          allowClear
          enterButton
          style={{ flex: "1 1 260px" }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
      </Flex>
      <QueryState
        query={query}
        failed={T.loadFailed}
        loading={<Skeleton active paragraph={{ rows: 6 }} />}
        empty={{ when: (answer) => answer.items.length === 0, title: search ? T.noMatches : T.empty }}
        compact
      >
        {({ items }) => (
          <ul
            aria-label={T.title}
            style={{
              listStyle: "none",
              margin: 0,
              padding: 0,
              display: "grid",
              gap: 12,
              gridTemplateColumns: "repeat(auto-fill, minmax(190px, 1fr))",
            }}
          >
            {items.map((item) => (
              <li key={item.name}>
                <UploadTile item={item} onPick={onPick} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {query.data && query.data.total > UPLOAD_PAGE_SIZE ? (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{T.count(query.data.total)}</Typography.Text>
          <Pagination current={page} pageSize={UPLOAD_PAGE_SIZE} total={query.data.total} showSizeChanger={false} onChange={setPage} />
        </Flex>
      ) : null}
    </Flex>
  );
}

/**
 * "Upload new image": the file is checked as ImagePicker checks one, stored at once (its variants are
 * then made in the background, as for every upload) and picked like an earlier upload. Stored through
 * uploads.upload, the same upload procedure the team and testimonial photos use (routers/uploads.ts:
 * uploadImageProcedure).
 */
function UploadNew({ onUploaded }: { onUploaded: (picked: PickedUpload) => void }) {
  const feedback = useFeedback();
  const inputRef = useRef<HTMLInputElement>(null);
  const { running, run, upload } = useAction();
  // A picture that finishes uploading after the dialog was closed is stored, but not inserted.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const store = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) return feedback.error(problem.title, problem.text);
    await run({
      write: (api) => api.uploads.upload.mutate(toFormData({}, { image: file })),
      showsUpload: true,
      onSaved: (stored) => {
        if (mounted.current) onUploaded({ url: stored.imageUrl, alt: null, width: stored.width, height: stored.height });
      },
      success: null,
      failure: T.uploadFailed,
    });
  };
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-label={T.upload}
        style={{ display: "none" }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void store(file);
        }}
      />
      <Button type="primary" icon={<UploadOutlined />} loading={running} onClick={() => inputRef.current?.click()}>
        {running ? T.uploading : T.upload}
      </Button>
      {upload ? (
        <div style={{ flex: "1 1 100%" }}>
          <UploadProgressBar upload={upload} />
        </div>
      ) : null}
    </>
  );
}

interface UploadItem {
  name: string;
  url: string;
  fileName: string | null;
  altText: string | null;
  size: number;
  width: number | null;
  height: number | null;
}

/** One upload: a button that uses it, with its thumbnail (the narrowest WebP variant: a few KB) and its details. */
function UploadTile({ item, onPick }: { item: UploadItem; onPick: (picked: PickedUpload) => void }) {
  const shownName = item.fileName ?? item.name;
  const thumbnail = responsiveSources(item.url, item)?.webp.split(" ")[0] ?? item.url;
  return (
    <button
      type="button"
      aria-label={T.use(shownName)}
      onClick={() => onPick({ url: item.url, alt: item.altText, width: item.width, height: item.height })}
      style={{
        display: "flex",
        flexDirection: "column",
        width: "100%",
        padding: 0,
        textAlign: "left",
        background: "#fff",
        border: "1px solid #e5e7eb",
        borderRadius: 8,
        overflow: "hidden",
        cursor: "pointer",
      }}
    >
      <img
        src={thumbnail}
        alt=""
        loading="lazy"
        decoding="async"
        style={{ width: "100%", aspectRatio: "4 / 3", objectFit: "cover", background: "#f3f4f6" }}
      />
      <span style={{ display: "flex", flexDirection: "column", gap: 2, padding: "8px 10px", minWidth: 0, width: "100%" }}>
        <Typography.Text
          ellipsis={{ tooltip: item.altText ?? undefined }}
          type={item.altText ? undefined : "secondary"}
          italic={!item.altText}
        >
          {item.altText ?? T.noAlt}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: shownName }} style={{ fontSize: 12 }}>
          {shownName}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[item.width && item.height ? T.pixels(item.width, item.height) : null, formatBytes(item.size)].filter(Boolean).join(" · ")}
        </Typography.Text>
      </span>
    </button>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
