import { TranslationOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Grid, Table, Tooltip, Typography, type TableProps } from "antd";
import { useMemo, useState, type HTMLAttributes } from "react";
import { Link } from "wouter";
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from "../../../../shared/languages";
import { TRANSLATABLE_KINDS } from "../../../../shared/translatable";
import { trpc } from "../../../lib/trpc";
import { addressSelects, Filter, FilterBar, NoMatch } from "../../components/FilterBar";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import { RefreshButton } from "../../components/RefreshButton";
import { SearchInput } from "../../components/SearchInput";
import { useAddressFilters } from "../../components/address-filters";
import { useAdminNavigate } from "../../navigation";
import type { Outputs } from "../../outputs";
import { useCan } from "../../permissions";
import { TR } from "../../text-translations";
import { editorPath, tagOf } from "./paths";
import { LanguageStateTags } from "./state-tags";

/**
 * Translations (issue 27): every record the signed-in member may edit, with the state of its Spanish
 * and Chinese translations (Published, Draft, Not translated, and Needs update when the English
 * changed since), filtered by language, kind, state and name; a row's language opens the editor. The
 * legal texts follow, for those who publish them (their translations are versions, on Legal Texts).
 * The filters live in the address, so coming back from the editor keeps them.
 */
type List = Outputs["translations"]["list"];
type RecordRow = List["records"][number];
type LegalRow = List["legal"][number];

const STATE_FILTERS = ["needsUpdate", "missing", "draft", "published"] as const;
type StateFilter = (typeof STATE_FILTERS)[number];

/** A filter's value from the address: one of `values`, or none. */
const oneOf = <Value extends string>(values: readonly Value[], raw: string | null) =>
  (values as readonly string[]).includes(raw ?? "") ? (raw as Value) : undefined;

const matchesState = (state: RecordRow["languages"]["es"], filter: StateFilter) =>
  filter === "needsUpdate" ? state.needsUpdate : state.state === filter;

export default function TranslationsScreen() {
  const list = trpc.translations.list.useQuery(undefined, { refetchOnMount: "always" });
  return (
    <>
      <PageHeader subtitle={TR.subtitle} extra={<RefreshButton query={list} />} />
      <QueryState
        query={list}
        failed={TR.loadFailed}
        empty={{ when: (data) => data.records.length === 0 && data.legal.length === 0, title: TR.empty }}
      >
        {(data) => (
          <Flex vertical gap={24}>
            {data.records.length > 0 ? <RecordTable records={data.records} /> : null}
            {data.legal.length > 0 ? <LegalCard texts={data.legal} /> : null}
          </Flex>
        )}
      </QueryState>
    </>
  );
}

function RecordTable({ records }: { records: RecordRow[] }) {
  const navigate = useAdminNavigate();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const { params, update } = useAddressFilters({});
  const [search, setSearch] = useState("");

  const language = oneOf(TRANSLATION_LANGUAGES, params.get("language"));
  const kind = oneOf(TRANSLATABLE_KINDS, params.get("kind"));
  const state = oneOf(STATE_FILTERS, params.get("state"));
  const languages = useMemo(() => (language ? [language] : [...TRANSLATION_LANGUAGES]), [language]);
  const filtered = Boolean(language || kind || state || search.trim());

  const kinds = useMemo(() => TRANSLATABLE_KINDS.filter((k) => records.some((record) => record.kind === k)), [records]);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return records.filter(
      (record) =>
        (!kind || record.kind === kind) &&
        (!state || languages.some((lang) => matchesState(record.languages[lang], state))) &&
        (!words || record.label.toLowerCase().includes(words)),
    );
  }, [records, kind, state, search, languages]);

  const width = (px: number) => (narrow ? "100%" : px);
  const addressSelect = addressSelects("translation", update);
  /** One of the filters kept in the address: its choices (named by `names`), the chosen one, its width. */
  const select = <Value extends string>(
    filter: "language" | "kind" | "state",
    values: readonly Value[],
    names: Record<Value, string>,
    value: Value | undefined,
    px: number,
  ) =>
    addressSelect(filter, {
      label: TR.filters[filter],
      placeholder: TR.filters[`${filter}Placeholder`],
      options: values.map((choice) => ({ value: choice, label: names[choice] })),
      value,
      width: width(px),
    });
  const clear = () => {
    setSearch("");
    update({ language: undefined, kind: undefined, state: undefined });
  };

  /** Under a record's name, its kind (unless the list shows one kind). */
  const kindLine = (record: RecordRow) =>
    kind ? null : (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {TR.kinds[record.kind]}
      </Typography.Text>
    );

  /** A language's state and its Translate button. */
  const languageCell = (record: RecordRow, lang: TranslationLanguage) => (
    <Flex gap={8} align="center" wrap justify="space-between">
      <LanguageStateTags state={record.languages[lang]} />
      <Tooltip title={TR.translate(TR.languageNames[lang])}>
        <Button
          size="small"
          icon={<TranslationOutlined />}
          aria-label={TR.translateLabel(record.label, TR.languageNames[lang])}
          onClick={() => navigate(editorPath(record.kind, record.recordId, lang))}
          data-testid={`translate-${lang}`}
        >
          {TR.translateButton}
        </Button>
      </Tooltip>
    </Flex>
  );

  // On a phone, one column: the name, then each language's line under it.
  const phoneColumns: TableProps<RecordRow>["columns"] = [
    {
      key: "record",
      title: TR.columns.name,
      render: (_, record) => (
        <Flex vertical gap={6}>
          <Typography.Text strong style={{ overflowWrap: "anywhere" }}>
            {record.label}
          </Typography.Text>
          {kindLine(record)}
          {languages.map((lang) => (
            <Flex key={lang} gap={8} align="center">
              <Typography.Text lang={tagOf(lang)} style={{ minWidth: 56 }}>
                {TR.languages[lang]}
              </Typography.Text>
              <div style={{ flex: 1 }}>{languageCell(record, lang)}</div>
            </Flex>
          ))}
        </Flex>
      ),
    },
  ];

  const columns: TableProps<RecordRow>["columns"] = [
    {
      key: "name",
      title: TR.columns.name,
      sorter: (a, b) => a.label.localeCompare(b.label),
      render: (_, record) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{record.label}</Typography.Text>
          {kindLine(record)}
        </Flex>
      ),
    },
    ...languages.map((lang) => ({
      key: lang,
      title: <span lang={tagOf(lang)}>{TR.languages[lang]}</span>,
      width: narrow ? undefined : 280,
      render: (_: unknown, record: RecordRow) => languageCell(record, lang),
    })),
  ];

  return (
    <Card styles={{ body: { padding: 0 } }}>
      <FilterBar name={TR.filters.name} stacked={narrow} clear={filtered ? { label: TR.filters.clear, onClick: clear } : null}>
        <Filter>
          <SearchInput
            label={TR.filters.search}
            placeholder={TR.filters.searchPlaceholder}
            maxLength={100}
            value={search}
            onSearch={setSearch}
            style={{ width: width(240) }}
          />
        </Filter>
        {select("language", TRANSLATION_LANGUAGES, TR.languages, language, 160)}
        {select("kind", kinds, TR.kinds, kind, 180)}
        {select("state", STATE_FILTERS, TR.states, state, 170)}
      </FilterBar>
      <Typography.Text strong aria-live="polite" style={{ display: "block", padding: "0 16px 12px" }} data-testid="translations-count">
        {TR.count(shown.length, records.length)}
      </Typography.Text>
      <Table<RecordRow>
        rowKey={(record) => `${record.kind}:${record.recordId}`}
        columns={narrow ? phoneColumns : columns}
        dataSource={shown}
        size="middle"
        scroll={narrow ? undefined : { x: 720 }}
        pagination={{ defaultPageSize: 25, showSizeChanger: true, style: { marginInline: 16 } }}
        onRow={() => ({ "data-testid": "translation-row" }) as HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: <NoMatch description={TR.noMatch} clear={{ label: TR.filters.clear, onClick: clear }} />,
        }}
      />
    </Card>
  );
}

/** The legal texts: per language, the newest version and whether it translates the English in force. */
function LegalCard({ texts }: { texts: LegalRow[] }) {
  const mayOpenLegal = useCan("legal.edit");
  const narrow = !Grid.useBreakpoint().md;
  const languageCell = (text: LegalRow, lang: TranslationLanguage) => {
    const state = text.languages[lang];
    return (
      <Flex gap={8} align="center" wrap>
        <LanguageStateTags state={{ state: state.state, needsUpdate: state.needsUpdate }} />
        {state.version !== null ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {TR.legal.version(state.version)} {TR.legal.translates(state.sourceVersion)}
          </Typography.Text>
        ) : null}
        {mayOpenLegal ? (
          <Link href={`/legal?language=${lang}&kind=${text.kind}`} aria-label={TR.legal.openLabel(text.title, TR.languageNames[lang])}>
            {TR.legal.open}
          </Link>
        ) : null}
      </Flex>
    );
  };
  const columns: TableProps<LegalRow>["columns"] = narrow
    ? [
        {
          key: "text",
          title: TR.columns.name,
          render: (_, text) => (
            <Flex vertical gap={6}>
              <Typography.Text strong>{text.title}</Typography.Text>
              {TRANSLATION_LANGUAGES.map((lang) => (
                <Flex key={lang} gap={8} align="center">
                  <Typography.Text lang={tagOf(lang)} style={{ minWidth: 56 }}>
                    {TR.languages[lang]}
                  </Typography.Text>
                  {languageCell(text, lang)}
                </Flex>
              ))}
            </Flex>
          ),
        },
      ]
    : [
        { key: "title", title: TR.columns.name, render: (_, text) => <Typography.Text strong>{text.title}</Typography.Text> },
        ...TRANSLATION_LANGUAGES.map((lang) => ({
          key: lang,
          title: <span lang={tagOf(lang)}>{TR.languages[lang]}</span>,
          render: (_: unknown, text: LegalRow) => languageCell(text, lang),
        })),
      ];
  return (
    <Card title={TR.legal.title}>
      <Typography.Paragraph type="secondary">{TR.legal.intro}</Typography.Paragraph>
      <Table<LegalRow> rowKey="kind" size="small" pagination={false} dataSource={texts} columns={columns} />
    </Card>
  );
}
