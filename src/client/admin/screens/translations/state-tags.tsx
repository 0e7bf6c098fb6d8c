import { CheckCircleOutlined, EditOutlined, ExclamationCircleOutlined, MinusCircleOutlined } from "@ant-design/icons";
import { Flex } from "antd";
import { ToneTag } from "../../components/tones";
import { TR } from "../../text-translations";

/** A translation's state as tags: Published, Draft or Not translated, and Needs update when the English changed since. */
export function LanguageStateTags({ state }: { state: { state: "missing" | "draft" | "published"; needsUpdate: boolean } }) {
  return (
    <Flex gap={4} wrap>
      {state.state === "published" ? (
        <ToneTag tone="green" icon={<CheckCircleOutlined />}>
          {TR.states.published}
        </ToneTag>
      ) : state.state === "draft" ? (
        <ToneTag tone="gold" icon={<EditOutlined />}>
          {TR.states.draft}
        </ToneTag>
      ) : (
        <ToneTag tone="grey" icon={<MinusCircleOutlined />}>
          {TR.states.missing}
        </ToneTag>
      )}
      {state.needsUpdate ? (
        <ToneTag tone="orange" icon={<ExclamationCircleOutlined />} strong>
          {TR.states.needsUpdate}
        </ToneTag>
      ) : null}
    </Flex>
  );
}
