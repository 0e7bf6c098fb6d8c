import { DatePicker, Grid, Select } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { trpc } from "../../../lib/trpc";
import { addressSelects, Filter, FilterBar } from "../../components/FilterBar";
import { SearchInput } from "../../components/SearchInput";
import { I } from "../../text-inquiries";
import { LANGUAGE_OPTIONS, STATUS_OPTIONS } from "./parts";
import type { useInquiryView } from "./use-inquiry-view";

const T = I.desk;

const SORT_OPTIONS = [
  { value: "newest", label: T.filters.newest },
  { value: "oldest", label: T.filters.oldest },
];

/**
 * The desk's filters: the search (name, e-mail or phone), status, service (the form's current choices,
 * then the other names inquiries were sent with: a renamed service's old one), the language the visitor
 * wrote in, assignee, the days
 * received, and the order. The service and assignee choices are read from the server: a failed read says
 * so beside its dropdown. On a phone the filters stack, each the full width; from a tablet up they sit side by side.
 */
export function InquiryFilters({ desk }: { desk: ReturnType<typeof useInquiryView> }) {
  const { view, update, search, setSearch, filtered, clearFilters } = desk;
  const assignees = trpc.contact.assignees.useQuery();
  const serviceChoices = trpc.contact.serviceChoices.useQuery();
  const serviceOptions = useMemo(() => (serviceChoices.data ?? []).map((value) => ({ value, label: value })), [serviceChoices.data]);
  const assigneeOptions = useMemo(
    () => [
      { value: "none", label: T.filters.unassigned },
      ...(assignees.data ?? []).map((a) => ({
        value: String(a.id),
        label: a.name === a.username ? a.username : `${a.name} (${a.username})`,
      })),
    ],
    [assignees.data],
  );
  const narrow = !Grid.useBreakpoint().md;
  const width = (px: number) => (narrow ? "100%" : px);
  const select = addressSelects("inquiry", update);
  return (
    <FilterBar name="inquiry-filters" stacked={narrow} clear={filtered ? { label: T.filters.clear, onClick: clearFilters } : null}>
      <Filter>
        <SearchInput
          label={T.search}
          placeholder={T.searchPlaceholder}
          maxLength={100}
          value={search}
          onSearch={setSearch}
          style={{ width: width(300) }}
        />
      </Filter>
      {select("status", {
        label: T.filters.status,
        placeholder: T.filters.allStatuses,
        options: STATUS_OPTIONS,
        value: view.status,
        width: width(150),
      })}
      {select("service", {
        label: T.filters.service,
        placeholder: T.filters.allServices,
        options: serviceOptions,
        read: serviceChoices,
        value: view.service,
        width: width(210),
      })}
      {select("language", {
        label: T.filters.language,
        placeholder: T.filters.allLanguages,
        options: LANGUAGE_OPTIONS,
        value: view.language,
        width: width(150),
      })}
      {select("assignee", {
        label: T.filters.assignee,
        placeholder: T.filters.anyone,
        options: assigneeOptions,
        read: assignees,
        value: view.assignee === undefined ? undefined : String(view.assignee),
        width: width(200),
        search: true,
      })}
      <Filter label={T.filters.from} htmlFor="inquiry-from">
        <DayPicker id="inquiry-from" day={view.from} notAfter={view.to} onChange={(from) => update({ from })} width={width(150)} />
      </Filter>
      <Filter label={T.filters.to} htmlFor="inquiry-to">
        <DayPicker id="inquiry-to" day={view.to} notBefore={view.from} onChange={(to) => update({ to })} width={width(150)} />
      </Filter>
      <Filter label={T.filters.sort} htmlFor="inquiry-sort">
        <Select
          id="inquiry-sort"
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(value: string) => update({ sort: value })}
          style={{ width: width(150) }}
        />
      </Filter>
    </FilterBar>
  );
}

/** A day filter, the day written YYYY-MM-DD (as in the address); days past `notAfter` or before `notBefore` cannot be chosen. */
function DayPicker({
  id,
  day,
  notBefore,
  notAfter,
  onChange,
  width,
}: {
  id: string;
  day: string | undefined;
  notBefore?: string;
  notAfter?: string;
  onChange: (day: string | undefined) => void;
  width: number | string;
}) {
  return (
    <DatePicker
      id={id}
      value={day ? dayjs(day) : null}
      disabledDate={(d) =>
        (notAfter ? d.isAfter(dayjs(notAfter), "day") : false) || (notBefore ? d.isBefore(dayjs(notBefore), "day") : false)
      }
      onChange={(d) => onChange(d ? d.format("YYYY-MM-DD") : undefined)}
      style={{ width }}
    />
  );
}
