import { WithDetail } from "../../components/WithDetail";
import { RefreshButton } from "../../components/RefreshButton";
import { addressSelects, FilterBar, NoMatch } from "../../components/FilterBar";
import { keepPreviousData } from "@tanstack/react-query";
import { Alert, Card, Typography, type TableColumnsType } from "antd";
import { useMemo } from "react";
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from "../../../../shared/schemas/inquiries";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { TimeCell } from "../../components/TimeCell";
import { QueryState, type Read } from "../../components/QueryState";
import { PagedTable } from "../../components/QueryTable";
import { useAddressFilters } from "../../components/address-filters";
import { U } from "../../text-users";
import { fullName, type ActivityEntry } from "../../components/staff";
import type { Outputs } from "../../outputs";
import { ToneTag, type Tone } from "../../components/tones";
import { findLanguage } from "../../../../shared/languages";
import { formatDay, formatTime } from "../../dates";
import { BUILT_IN_ROLE_ROWS, useRoles } from "../../permissions";

/**
 * Activity Log (super administrators; not in the spec; docs/security.md, Activity log): newest first,
 * paginated on the server, filtered by user and by action. The page, its size and the filters live in
 * the address (?user=3&action=login&page=2), so a filtered view survives a reload and can be shared.
 * Every visit fetches afresh: an audit trail must not show an old copy.
 */
const T = U.activity;
const PAGE_SIZES = [25, 50, 100];
const DEFAULT_PAGE_SIZE = 50;

const ACTION_TONES: Record<string, Tone> = {
  login: "green",
  login_failed: "red",
  identity_check_failed: "red",
  lockout: "red",
  logout: "grey",
  create: "blue",
  update: "blue",
  delete: "orange",
  restore: "blue",
  read: "purple",
  open: "purple",
  note: "blue",
  export: "purple",
  purge: "orange",
  password_change: "gold",
  password_reset: "gold",
  "2fa_setup": "cyan",
  "2fa_enable": "cyan",
  "2fa_disable": "orange",
  backup_code_used: "orange",
  passkey_add: "cyan",
  passkey_rename: "blue",
  passkey_remove: "orange",
  backup: "purple",
  fresh_check: "cyan",
  session_end: "grey",
  health_open: "purple",
  // Issue 24: emergency access stands out in the log.
  emergency_access: "red",
  access_denied: "orange",
};

const ACTION_OPTIONS = Object.entries(T.actions).map(([value, label]) => ({ value, label }));

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * "Admin user: jane", "Service #4", "Inquiry #12" (or "Inquiry #12, deleted"), "Contact inquiries", "Settings: Retention", or nothing for
 * sign-ins.
 */
export function describeResource(
  entry: Pick<ActivityEntry, "resourceType" | "resourceId" | "details"> & { inquiryDeleted?: boolean },
): string | null {
  if (!entry.resourceType || entry.resourceType === "session") return null;
  if (entry.resourceType === "contact_submission" && entry.resourceId)
    return T.inquiry(String(entry.resourceId), entry.inquiryDeleted === true);
  const type = T.resources[entry.resourceType] ?? humanize(entry.resourceType);
  const rawLabel = typeof entry.details?.label === "string" ? entry.details.label : null;
  const label = rawLabel && entry.resourceType === "settings" ? (T.settingsSections[rawLabel] ?? humanize(rawLabel)) : rawLabel;
  if (label) return `${type}: ${label}`;
  if (entry.resourceId) return `${type} #${entry.resourceId}`;
  return type;
}

/** Which filter a read or an export of inquiries used ("filtered by status New, unassigned"); never the search text. */
function describeFilter(details: Record<string, unknown>, usernames: Map<number, string>): string | null {
  const parts: string[] = [];
  if (details.search === true) parts.push(T.filterParts.search);
  if (typeof details.status === "string")
    parts.push(T.filterParts.status(INQUIRY_STATUS_LABELS[details.status as InquiryStatus] ?? details.status));
  if (typeof details.service === "string") parts.push(T.filterParts.service(details.service));
  if (typeof details.language === "string") parts.push(T.filterParts.language(findLanguage(details.language)?.name ?? details.language));
  if (details.assigneeId === "none") parts.push(T.filterParts.unassigned);
  else if (typeof details.assigneeId === "number")
    parts.push(T.filterParts.assignee(usernames.get(details.assigneeId) ?? `#${details.assigneeId}`));
  if (typeof details.from === "string") parts.push(T.filterParts.from(formatDay(details.from)));
  if (typeof details.to === "string") parts.push(T.filterParts.to(formatDay(details.to)));
  return parts.length > 0 ? T.filteredBy(parts.join(", ")) : null;
}

/** A role's name as every screen says it (docs/glossary.md): from the roles' read, else the built-in names. */
function roleNameIn(roleNames: Map<string, string>, key: unknown): string | null {
  if (typeof key !== "string") return null;
  return roleNames.get(key) ?? BUILT_IN_ROLE_ROWS.find((role) => role.key === key)?.name ?? key;
}

/**
 * What an update changed, where the entry says: an inquiry's status or assignee, a settings section, new-inquiry mail, an
 * account's role.
 */
function describeUpdate(entry: Pick<ActivityEntry, "resourceType" | "details">, roleNames: Map<string, string>): string | null {
  const details = entry.details ?? {};
  if (entry.resourceType === "admin_user") {
    const before = details.before as { role?: unknown } | undefined;
    const after = details.after as { role?: unknown } | undefined;
    if (before && after && before.role !== after.role) {
      const from = roleNameIn(roleNames, before.role);
      const to = roleNameIn(roleNames, after.role);
      if (from && to) return T.roleChange(from, to);
    }
  }
  if (entry.resourceType === "contact_submission") {
    const parts: string[] = [];
    const status = details.status as { from?: unknown; to?: unknown } | undefined;
    if (status && typeof status.from === "string" && typeof status.to === "string") {
      const label = (value: string) => INQUIRY_STATUS_LABELS[value as InquiryStatus] ?? value;
      parts.push(T.statusChange(label(status.from), label(status.to)));
    }
    if (details.assigneeId !== undefined) parts.push(T.assigneeChange);
    return parts.length > 0 ? parts.join("; ") : null;
  }
  if (entry.resourceType === "settings" && details.label === "retention" && typeof details.enabled === "boolean") {
    return details.enabled && typeof details.days === "number" ? T.retentionOn(details.days) : T.retentionOff;
  }
  if (
    entry.resourceType === "settings" &&
    details.label === "mail" &&
    typeof details.enabled === "boolean" &&
    typeof details.acknowledgement === "boolean" &&
    typeof details.overdueReminders === "boolean"
  ) {
    return T.mailSettings({
      enabled: details.enabled,
      acknowledgement: details.acknowledgement,
      overdueReminders: details.overdueReminders,
    });
  }
  if (
    entry.resourceType === "settings" &&
    details.label === "mail_server" &&
    typeof details.host === "string" &&
    typeof details.port === "number" &&
    typeof details.security === "string"
  ) {
    return T.mailServer({
      host: details.host,
      port: details.port,
      security: details.security,
      passwordChanged: details.passwordChanged === true,
    });
  }
  // Who receives new-inquiry mail (My Account for oneself, Settings for anyone).
  if (entry.resourceType === "admin_user" && typeof details.newInquiryMail === "boolean") return T.newInquiryMail(details.newInquiryMail);
  return null;
}

/** The short explanation under the action: why a sign-in failed, codes left, how many inquiries... */
export function describeDetails(
  entry: Pick<ActivityEntry, "action" | "details"> & Partial<Pick<ActivityEntry, "resourceType" | "refusals">>,
  usernames: Map<number, string> = new Map(),
  roleNames: Map<string, string> = new Map(),
): string | null {
  const details = entry.details ?? {};
  switch (entry.action) {
    case "login":
      return details.twoFactor === true ? T.withTwoFactor : null;
    case "login_failed":
    case "identity_check_failed":
      return typeof details.reason === "string" ? (T.reasons[details.reason] ?? humanize(details.reason)) : null;
    case "lockout":
      return typeof details.until === "string" ? T.lockedUntil(formatTime(details.until)) : null;
    case "backup_code_used":
      return typeof details.remaining === "number" ? T.codesLeft(details.remaining) : null;
    case "read":
    case "export": {
      if (typeof details.count !== "number") return null;
      const parts = [T.inquiries(details.count)];
      if (entry.action === "read" && typeof details.total === "number" && details.total !== details.count)
        parts.push(T.ofTotal(details.total));
      const filter = describeFilter(details, usernames);
      let text = parts.join(" ");
      if (entry.action === "export" && details.format === "csv") text = `${T.csv}: ${text}`;
      if (filter) text += `, ${filter}`;
      if (entry.action === "export" && details.complete === false) text += ` (${T.cutOff})`;
      return text;
    }
    case "purge":
      return typeof details.count === "number" && typeof details.days === "number" ? T.purged(details.count, details.days) : null;
    case "backup":
      return typeof details.rows === "number" ? T.backedUp(details.rows, details.complete === false) : null;
    case "restore":
      return typeof details.version === "number" && typeof details.newVersion === "number"
        ? T.restoredVersion(details.version, details.newVersion)
        : null;
    case "update":
      return describeUpdate({ resourceType: entry.resourceType ?? null, details: entry.details }, roleNames);
    case "create": {
      // A new account: its role, named as everywhere else.
      const role = entry.resourceType === "admin_user" ? roleNameIn(roleNames, details.role) : null;
      return role ? T.roleIs(role) : null;
    }
    case "password_reset":
      return details.twoFactorDisabled === true ? T.twoFactorOff : null;
    // One line per account and minute: the minute's first refusal, with how many there were.
    case "access_denied":
      return typeof entry.refusals === "number" ? T.refusals(entry.refusals) : null;
    default:
      return null;
  }
}

export default function ActivityScreen() {
  const { params, update } = useAddressFilters({ page: 1, size: DEFAULT_PAGE_SIZE });
  const page = positiveInt(params.get("page")) ?? 1;
  const sizeParam = positiveInt(params.get("size"));
  const pageSize = sizeParam && PAGE_SIZES.includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const adminId = positiveInt(params.get("user"));
  const actionParam = params.get("action");
  const action = actionParam && actionParam in T.actions ? actionParam : undefined;
  const filtered = adminId !== undefined || action !== undefined;

  const activity = trpc.system.activity.useQuery(
    { page, pageSize, adminId, action },
    { placeholderData: keepPreviousData, refetchOnMount: "always" },
  );
  const users = trpc.users.list.useQuery();
  // The hash chain verified afresh at each visit (and with the Refresh button): a change made since must show.
  const chain = trpc.system.auditChain.useQuery(undefined, { refetchOnMount: "always" });

  const usernames = useMemo(() => new Map((users.data ?? []).map((user) => [user.id, user.username])), [users.data]);
  const roles = useRoles();
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((role) => [role.key, role.name])), [roles.data]);
  const userOptions = useMemo(
    () =>
      [...(users.data ?? [])]
        .sort((a, b) => a.username.localeCompare(b.username, "en", { sensitivity: "base" }))
        .map((user) => {
          const name = fullName(user);
          return { value: user.id, label: name ? `${user.username} (${name})` : user.username };
        }),
    [users.data],
  );

  const columns: TableColumnsType<ActivityEntry> = [
    {
      title: T.columns.time,
      dataIndex: "timestamp",
      width: 180,
      render: (timestamp: Date) => <TimeCell value={timestamp} />,
    },
    {
      title: T.columns.user,
      dataIndex: "username",
      render: (username: string | null) =>
        username ? (
          <Typography.Text strong>{username}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{T.unknownUser}</Typography.Text>
        ),
    },
    {
      title: T.columns.action,
      dataIndex: "action",
      render: (value: string, entry) => {
        const detail = describeDetails(entry, usernames, roleNames);
        return (
          <WithDetail align="flex-start" detail={detail}>
            <ToneTag tone={ACTION_TONES[value] ?? "grey"}>{T.actions[value] ?? humanize(value)}</ToneTag>
          </WithDetail>
        );
      },
    },
    {
      title: T.columns.resource,
      key: "resource",
      render: (_, entry) => describeResource(entry) ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: T.columns.ip,
      dataIndex: "ipAddress",
      width: 130,
      render: (ip: string | null) =>
        ip ? <Typography.Text style={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace", fontSize: 13 }}>{ip}</Typography.Text> : "-",
    },
  ];

  const clear = { label: T.clearFilters, onClick: () => update({ user: undefined, action: undefined }) };
  const select = addressSelects("activity", update);

  return (
    <>
      <PageHeader
        subtitle={T.subtitle}
        extra={
          <RefreshButton
            query={{
              isFetching: activity.isFetching || chain.isFetching,
              isPending: activity.isPending,
              refetch: () => Promise.all([activity.refetch(), chain.refetch()]),
            }}
          />
        }
      />
      <ChainStatus chain={chain} />
      <Card styles={{ body: { padding: 0 } }}>
        <FilterBar name="activity-filters" clear={filtered ? clear : null}>
          {select("user", {
            label: T.filterUser,
            placeholder: T.filterUserPlaceholder,
            options: userOptions,
            read: users,
            value: adminId,
            width: 240,
            search: true,
          })}
          {select("action", {
            label: T.filterAction,
            placeholder: T.filterActionPlaceholder,
            options: ACTION_OPTIONS,
            value: action,
            width: 220,
            search: true,
          })}
        </FilterBar>
        <QueryState
          query={activity}
          failed={{ title: T.loadFailed, toast: true }}
          empty={{ when: (log) => log.total === 0 && !filtered, title: T.empty }}
        >
          {(log) => (
            <PagedTable<ActivityEntry>
              page={log}
              fetching={activity.isFetching}
              paging={{ update, page, pageSize, sizes: PAGE_SIZES, showTotal: (total, [from, to]) => T.total(from, to, total) }}
              noMatch={<NoMatch description={T.emptyFiltered} clear={clear} />}
              columns={columns}
              scroll={{ x: 680 }}
            />
          )}
        </QueryState>
      </Card>
    </>
  );
}

/** "Audit trail intact: N entries verified", or the first entry that does not verify, above the log. */
function ChainStatus({ chain }: { chain: Read<Outputs["system"]["auditChain"]> }) {
  return (
    <div data-testid="audit-chain" style={{ marginBottom: 16 }}>
      <QueryState
        query={chain}
        failed={T.chain.failed}
        loading={<Alert type="info" showIcon title={T.chain.checking} />}
        loadingText={T.chain.checking}
        compact
      >
        {(report) => <ChainReport report={report} />}
      </QueryState>
    </div>
  );
}

function ChainReport({ report }: { report: Outputs["system"]["auditChain"] }) {
  if (report.intact && report.orderOnly) {
    return (
      <Alert
        type="warning"
        showIcon
        title={T.chain.intact(report.entries)}
        description={T.chain.orderOnly(report.orderOnly.upTo, report.orderOnly.later, report.orderOnly.keyIds.join(", "))}
      />
    );
  }
  if (report.intact) return <Alert type="success" showIcon title={T.chain.intact(report.entries)} description={T.chain.intactHint} />;
  if (report.reason === "key_not_loaded") {
    return (
      <Alert
        type="warning"
        showIcon
        title={T.chain.keyNotLoaded(report.brokenAt ?? report.entries + 1)}
        description={T.chain.keyNotLoadedHint(report.keyId ?? "?")}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={T.chain.broken(report.brokenAt ?? report.entries + 1)}
      description={`${report.reason === "missing_before" ? T.chain.missing : T.chain.changed} ${T.chain.brokenHint}`}
    />
  );
}
