import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Flex, Image, Typography } from "antd";
import { useEffect, useId, useMemo, useRef } from "react";
import { useFeedback } from "../feedback";
import type { UploadProgress } from "../save";
import { A } from "../text";
import { checkImageFile } from "./image-file";
import { ChooseFromUploads, type PickedUpload } from "./MediaPicker";
import { UploadProgressBar } from "./UploadProgressBar";

/**
 * An image file picker with a preview: a chosen file shows a local preview (it takes priority over the
 * current image); Remove clears the choice. Refused files are announced with the spec's toasts. With
 * `onPickUpload`, "Choose from uploads" beside it reuses an image uploaded before (the media picker).
 * `upload` is the progress of the write that sends the file (the form's save or its own upload).
 */
export function ImagePicker({
  file,
  onChange,
  currentUrl,
  label,
  onRemoveCurrent,
  onPickUpload,
  disabled,
  upload,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  currentUrl?: string | null;
  label: string;
  /** When given, Remove also clears the current image (e.g. an article's thumbnail). */
  onRemoveCurrent?: () => void;
  /** An earlier upload chosen in the media picker: the form takes its address (and alt text). */
  onPickUpload?: (picked: PickedUpload) => void;
  disabled?: boolean;
  /** The upload's progress while the form sends the file (save.ts: a write with `showsUpload`). */
  upload?: UploadProgress | null;
}) {
  const feedback = useFeedback();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const preview = objectUrl ?? currentUrl ?? null;

  return (
    <Flex vertical gap={8}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        aria-label={label}
        style={{ display: "none" }}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          if (!chosen) return;
          const problem = checkImageFile(chosen);
          if (problem) return feedback.error(problem.title, problem.text);
          onChange(chosen);
        }}
      />
      {preview ? (
        <Image
          src={preview}
          alt={A.image.preview}
          width={220}
          fallback="/images/placeholder.svg"
          style={{ objectFit: "cover", borderRadius: 8 }}
          data-testid="image-preview"
        />
      ) : null}
      <Flex gap={8} wrap>
        <Button icon={<UploadOutlined />} onClick={() => inputRef.current?.click()} disabled={disabled}>
          {preview ? A.image.replace : A.image.choose}
        </Button>
        {onPickUpload ? <ChooseFromUploads onPick={onPickUpload} disabled={disabled} /> : null}
        {file || (currentUrl && onRemoveCurrent) ? (
          <Button
            icon={<DeleteOutlined />}
            onClick={() => {
              onChange(null);
              if (!file) onRemoveCurrent?.();
            }}
            disabled={disabled}
          >
            {A.image.remove}
          </Button>
        ) : null}
      </Flex>
      {file ? <Typography.Text type="secondary">{file.name}</Typography.Text> : null}
      <UploadProgressBar upload={upload} />
    </Flex>
  );
}
