import { DownOutlined, TranslationOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { TRANSLATION_LANGUAGES } from "../../../shared/languages";
import type { TranslatableKind } from "../../../shared/translatable";
import { useAdminNavigate } from "../navigation";
import { editorPath } from "../screens/translations/paths";
import { TR } from "../text-translations";

/**
 * "Translate" where staff edit a record (issue 36: translating was reachable only by a small icon on the
 * Translations screen): a labelled button whose menu names each language, opening the record's
 * translation beside its English (/translations/:kind/:id/:language). Translating is editing, so it
 * sits beside the record's Edit or Version history and needs the same permission.
 */
export function TranslateButton({
  kind,
  recordId,
  name,
  size,
}: {
  kind: TranslatableKind;
  recordId: number;
  name: string;
  size?: "small";
}) {
  const navigate = useAdminNavigate();
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: TRANSLATION_LANGUAGES.map((language) => ({
          key: language,
          label: TR.translateInto(TR.languageNames[language], TR.languages[language]),
          onClick: () => navigate(editorPath(kind, recordId, language)),
        })),
      }}
    >
      <Button size={size} icon={<TranslationOutlined />} aria-label={TR.translateRecord(name)} aria-haspopup="menu">
        {TR.translateButton} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
