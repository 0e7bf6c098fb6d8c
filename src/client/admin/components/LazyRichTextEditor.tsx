import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { S } from "../text-site";
import type { RichTextEditorProps } from "./RichTextEditor";

/** The visual editor, loaded on first use: TipTap stays out of the portal's first bundle. */
const RichTextEditor = lazy(() => import("./RichTextEditor"));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} title={false} aria-label={S.richText.loading} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
