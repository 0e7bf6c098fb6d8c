import { Alert, Flex, Typography } from "antd";
import { WordDiff } from "../../components/WordDiff";
import type { Outputs } from "../../outputs";
import { TR } from "../../text-translations";
import { sectionsAsText, type Sections } from "./SectionsTranslation";

/**
 * "The English changed since this was translated": each English field changed since the translation
 * was saved, as a word diff of its English then and now (as the version history shows one: what was
 * added is <ins>, what was removed <del>, each also named for screen readers; HTML shown as text).
 */
const E = TR.editor;
type Change = Outputs["translations"]["get"]["changes"][number];

const textOf = (value: Change["before"]) => (typeof value === "string" ? value : sectionsAsText(value as Sections));

export function EnglishChanges({ changes }: { changes: Change[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={E.changedTitle}
      data-testid="english-changed"
      description={
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{E.changedIntro}</Typography.Paragraph>
          {changes.map((change) => (
            <WordDiff
              key={change.field}
              label={TR.fields[change.field] ?? change.field}
              before={textOf(change.before)}
              after={textOf(change.after)}
              testId={`english-diff-${change.field}`}
              words={E}
              lang="en"
            />
          ))}
        </Flex>
      }
    />
  );
}
