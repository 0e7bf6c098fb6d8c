import type { FormInstance } from "antd";
import { toFormData } from "../../forms";
import { useSave } from "../../save";
import { C } from "../../text-content";
import { payloadOf, type Article, type ArticleValues } from "./article-form";

const T = C.article;

/**
 * The article editor's save: multipart (the non-empty fields, publishedAt as ISO, the thumbnail file,
 * which takes priority over the thumbnail URL), through the portal's one save (toasts, the server's
 * field messages, a duplicate slug's included, and the refresh of the news lists and the dashboard).
 * Resolves to true when saved.
 */
export function useArticleSave(form: FormInstance<ArticleValues>, article: Article | undefined) {
  const { saving, run, upload } = useSave("news");
  const isEdit = article !== undefined;

  const save = async (file: File | null): Promise<boolean> => {
    const payload = toFormData(payloadOf(form.getFieldsValue(true) as ArticleValues, article, file), { thumbnail: file });
    const failure = isEdit ? T.updateFailed : T.createFailed;
    const saved = await run({
      form,
      write: (api) => (isEdit ? api.news.update.mutate(payload) : api.news.create.mutate(payload)),
      showsUpload: file !== null,
      success: isEdit ? T.updated : T.created,
      failure: (message) => [T.error, message ? `${failure} ${message}` : failure],
    });
    return saved.ok;
  };
  return { saving, save, upload };
}
