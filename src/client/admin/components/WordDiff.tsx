import { Typography } from "antd";
import { diffWords } from "diff";

/** Unchanged text longer than this is shortened to its ends next to the changes ("... "). */
const CONTEXT = 160;

function shortened(text: string, first: boolean, last: boolean): string {
  if (text.length <= CONTEXT * 2 + 20) return text;
  const head = first ? "" : text.slice(0, CONTEXT);
  const tail = last ? "" : text.slice(-CONTEXT);
  return `${head} … ${tail}`;
}

/**
 * One field's words from `before` to `after`: what was added is <ins> (underlined on green), what was
 * removed <del> (struck through on red), each also named for screen readers (`added`, `removed`); the
 * unchanged text between is shortened to its ends. The version history and the translations' "the
 * English changed" show their changes with it.
 */
export function WordDiff({
  label,
  before,
  after,
  testId,
  words,
  lang,
}: {
  label: string;
  before: string;
  after: string;
  testId: string;
  words: { added: string; removed: string };
  lang?: string;
}) {
  const parts = diffWords(before, after);
  return (
    <div>
      <Typography.Text strong>{label}</Typography.Text>
      <div className="version-diff" lang={lang} data-testid={testId}>
        {parts.map((part, index) =>
          part.added ? (
            // a diff's parts have no identity of their own; the list is rebuilt whole from before and after, and its parts hold no state
            // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
            <ins key={index}>
              <span className="visually-hidden">{words.added}</span>
              {part.value}
            </ins>
          ) : part.removed ? (
            // a diff's parts have no identity of their own; the list is rebuilt whole from before and after, and its parts hold no state
            // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
            <del key={index}>
              <span className="visually-hidden">{words.removed}</span>
              {part.value}
            </del>
          ) : (
            // a diff's parts have no identity of their own; the list is rebuilt whole from before and after, and its parts hold no state
            // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
            <span key={index}>{shortened(part.value, index === 0, index === parts.length - 1)}</span>
          ),
        )}
      </div>
    </div>
  );
}
