import { HistoryOutlined, RollbackOutlined } from "@ant-design/icons";
import { Alert, App, Button, Drawer, Flex, Grid, Skeleton, Typography } from "antd";
import { useId, useState } from "react";
import { changedFields, versionedFieldLabel, type VersionKind, type VersionValue } from "../../../shared/schemas/versions";
import { trpc } from "../../lib/trpc";
import { useSave, type Resource } from "../save";
import type { Outputs } from "../outputs";
import { A } from "../text";
import { QueryState } from "./QueryState";
import { formatDateTime, formatDateTimeFull } from "./staff";
import { ToneTag } from "./tones";
import { WordDiff } from "./WordDiff";

/**
 * The version history of a news article, a service or a content item: a History button that opens a
 * drawer listing the versions (newest first, who and when). Choosing one shows, field by field, what
 * restoring it would change in the current text (a word diff; HTML shown as text, never rendered),
 * and Restore brings it back after a confirmation, through the portal's one save (toasts, and the
 * refresh of the record, its lists and this history), so the editor shows the restored text.
 */
const T = A.versions;

/** Whose history it is: the record (its kind and id), what a restore refreshes, and whether its editor holds unsaved changes. */
interface HistoryOf {
  kind: VersionKind;
  recordId: number;
  resource: Resource;
  unsaved: boolean;
}

export function VersionHistoryButton({
  kind,
  recordId,
  name,
  resource,
  unsaved = false,
  size,
}: {
  kind: VersionKind;
  recordId: number;
  /** The record's name, for the drawer's title ("Ozone and healing", "Home page, Hero, Title"). */
  name: string;
  /** What a restore changes, for the save's refresh (services, news or content). */
  resource: Resource;
  /** The editor holds unsaved changes (a restore replaces them: the confirmation says so). */
  unsaved?: boolean;
  size?: "small";
}) {
  const [open, setOpen] = useState(false);
  const screens = Grid.useBreakpoint();
  return (
    <>
      <Button size={size} icon={<HistoryOutlined />} onClick={() => setOpen(true)} aria-label={T.buttonLabel(name)} aria-haspopup="dialog">
        {T.button}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        destroyOnHidden
        size={screens.md ? 800 : "100%"}
        title={T.title(name)}
        closable={{ "aria-label": T.close }}
        data-testid="version-history"
      >
        {open ? <VersionHistory of={{ kind, recordId, resource, unsaved }} /> : null}
      </Drawer>
    </>
  );
}

function VersionHistory({ of }: { of: HistoryOf }) {
  // Read afresh at each opening: another member of staff may have saved since.
  const list = trpc.versions.list.useQuery({ kind: of.kind, recordId: of.recordId }, { refetchOnMount: "always" });
  const [selected, setSelected] = useState<number | null>(null);

  return (
    <QueryState
      query={list}
      failed={T.loadFailed}
      loading={<Skeleton active paragraph={{ rows: 6 }} />}
      empty={{ when: (versions) => versions.length === 0, title: T.empty }}
    >
      {(versions) => <VersionList versions={versions} of={of} selected={selected} onSelect={setSelected} />}
    </QueryState>
  );
}

function VersionList({
  versions,
  of,
  selected,
  onSelect,
}: {
  versions: Outputs["versions"]["list"];
  of: HistoryOf;
  selected: number | null;
  onSelect: (version: number | null) => void;
}) {
  const newest = versions[0]!.version;

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {T.intro}
      </Typography.Paragraph>
      <Flex gap={16} wrap align="flex-start">
        <ol className="version-list" aria-label={T.listLabel} style={{ flex: "0 1 260px", minWidth: 220 }}>
          {versions.map((entry) => (
            <li key={entry.version}>
              <button
                type="button"
                className="version-item"
                aria-pressed={selected === entry.version}
                onClick={() => onSelect(entry.version)}
                data-testid="version-item"
              >
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{T.version(entry.version)}</Typography.Text>
                  {entry.version === newest ? <ToneTag tone="green">{T.current}</ToneTag> : null}
                </Flex>
                <span className="version-item-summary">{entry.summary}</span>
                <Typography.Text type="secondary" className="version-item-meta">
                  {entry.savedByName ? T.by(entry.savedByName) : T.beforeHistory} ·{" "}
                  <time dateTime={new Date(entry.savedAt).toISOString()} title={formatDateTimeFull(entry.savedAt)}>
                    {formatDateTime(entry.savedAt)}
                  </time>
                </Typography.Text>
              </button>
            </li>
          ))}
        </ol>
        <div style={{ flex: "1 1 360px", minWidth: 0 }}>
          {selected === null ? (
            <Typography.Paragraph type="secondary">{T.choose}</Typography.Paragraph>
          ) : (
            <VersionComparison key={selected} of={of} version={selected} isNewest={selected === newest} onRestored={() => onSelect(null)} />
          )}
        </div>
      </Flex>
    </Flex>
  );
}

/** The version shown against the record as it is now, and what to do once it has been restored. */
interface ComparisonProps {
  of: HistoryOf;
  version: number;
  isNewest: boolean;
  onRestored: () => void;
}

function VersionComparison(props: ComparisonProps) {
  const { of, version } = props;
  const detail = trpc.versions.get.useQuery({ kind: of.kind, recordId: of.recordId, version }, { refetchOnMount: "always" });
  return (
    <QueryState query={detail} failed={T.versionFailed} loading={<Skeleton active paragraph={{ rows: 4 }} />}>
      {(data) => <VersionDiff {...props} data={data} />}
    </QueryState>
  );
}

/** What restoring a version would change, field by field, and Restore. */
function VersionDiff({ of, version, isNewest, onRestored, data }: ComparisonProps & { data: Outputs["versions"]["get"] }) {
  const { kind, recordId, resource, unsaved } = of;
  const { saving, run } = useSave(resource);
  const { modal } = App.useApp();
  const headingId = useId();

  const { fields, current } = data;
  const differing = changedFields(kind, current, fields);

  const askRestore = () =>
    modal.confirm({
      title: T.confirmTitle(version),
      content: unsaved ? `${T.confirmText} ${T.confirmUnsaved}` : T.confirmText,
      okText: T.confirmOk,
      cancelText: A.common.cancel,
      onOk: async () => {
        const done = await run({
          write: (api) => api.versions.restore.mutate({ kind, recordId, version }),
          success: [T.restored(version), T.restoredText],
          failure: T.restoreFailed,
        });
        if (done.ok) onRestored();
      },
    });

  return (
    <section aria-labelledby={headingId} data-testid="version-comparison">
      <Typography.Title level={5} id={headingId} style={{ marginTop: 0 }}>
        {T.compareTitle(version)}
      </Typography.Title>
      {differing.length === 0 ? (
        <Alert type="info" showIcon title={isNewest ? T.isCurrent : T.noDifference} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {T.legend}
          </Typography.Paragraph>
          {differing.map((field) => (
            <FieldDiff
              key={field}
              label={versionedFieldLabel(kind, field)}
              field={field}
              from={current[field] ?? null}
              to={fields[field] ?? null}
            />
          ))}
          <Flex justify="flex-end">
            <Button type="primary" icon={<RollbackOutlined />} loading={saving} onClick={askRestore}>
              {T.restore(version)}
            </Button>
          </Flex>
        </Flex>
      )}
    </section>
  );
}

/** Fields holding a moment (ISO text in a version), shown as a date and time. */
const DATE_FIELDS = new Set(["publishedAt"]);

function textOf(field: string, value: VersionValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? T.yes : T.no;
  if (DATE_FIELDS.has(field) && typeof value === "string") return formatDateTime(value);
  return String(value);
}

/**
 * One field's words, from the current text to the version's: what restoring adds is <ins> (underlined
 * on green), what it removes <del> (struck through on red), each also named for screen readers.
 */
function FieldDiff({ label, field, from, to }: { label: string; field: string; from: VersionValue; to: VersionValue }) {
  return <WordDiff label={label} before={textOf(field, from)} after={textOf(field, to)} testId={`version-diff-${field}`} words={T} />;
}
