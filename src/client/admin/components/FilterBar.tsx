import { OptionsFailed, optionsStatus, type OptionsRead } from "./options";
import { Button, Empty, Form, Select, Typography } from "antd";
import { createContext, useContext, type ReactNode } from "react";

/** Whether the bar stacks its filters (a phone): then each takes the full width. */
const Stacked = createContext(false);

/**
 * A list screen's filters above its table: side by side, each under its label, or with `stacked` one
 * below another; Clear filters at the end while any filter is set. The bar never submits (Enter in a
 * field does nothing): every filter applies as it changes.
 */
export function FilterBar({
  name,
  stacked = false,
  clear,
  children,
}: {
  name: string;
  stacked?: boolean;
  clear: { label: string; onClick: () => void } | null;
  children: ReactNode;
}) {
  return (
    <Form
      layout={stacked ? "vertical" : "inline"}
      style={{ padding: 16, rowGap: 12 }}
      name={name}
      onSubmitCapture={(e) => e.preventDefault()}
    >
      <Stacked.Provider value={stacked}>{children}</Stacked.Provider>
      {clear ? <Form.Item>{clear ? <Button onClick={clear.onClick}>{clear.label}</Button> : null}</Form.Item> : null}
    </Form>
  );
}

/** One filter in a FilterBar: its label, for the control whose id is `htmlFor`, and the control. */
export function Filter({ label, htmlFor, children }: { label?: string; htmlFor?: string; children: ReactNode }) {
  const stacked = useContext(Stacked);
  return (
    <Form.Item label={label} htmlFor={htmlFor} style={{ marginInlineEnd: 16, marginBottom: stacked ? 8 : undefined }}>
      {children}
    </Form.Item>
  );
}

interface FilterSelectProps<Value> {
  id: string;
  label: string;
  placeholder: string;
  options: { value: Value; label: string }[];
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
  /** Pixels, or "100%" in a stacked bar. */
  width: number | string;
  /** Where the options come from the server: their read, whose loading and failure the filter shows. */
  read?: OptionsRead;
  search?: boolean;
}

/**
 * A screen's FilterSelects whose choice is kept in the address (useAddressFilters' `update`): each one's
 * id is `${prefix}-${filter}`, and a choice is written back under `filter`.
 */
export function addressSelects(prefix: string, update: (patch: Record<string, string | number | undefined>) => void) {
  return <Value extends string | number>(filter: string, select: Omit<FilterSelectProps<Value>, "id" | "onChange">) => (
    <FilterSelect<Value> id={`${prefix}-${filter}`} {...select} onChange={(value) => update({ [filter]: value })} />
  );
}

/**
 * A filter that picks one of `options` or none (it can be cleared); with `search`, typing narrows the
 * options by their label.
 */
export function FilterSelect<Value extends string | number>({
  id,
  label,
  placeholder,
  options,
  value,
  onChange,
  width,
  read,
  search = false,
}: FilterSelectProps<Value>) {
  return (
    <Filter label={label} htmlFor={id}>
      <Select<Value>
        id={id}
        allowClear
        showSearch={search ? { optionFilterProp: "label" } : undefined}
        placeholder={placeholder}
        options={options}
        {...(read ? optionsStatus(read, `${id}-failed`) : {})}
        value={value}
        onChange={(next?: Value) => onChange(next)}
        style={{ width }}
      />
      {read ? <OptionsFailed read={read} id={`${id}-failed`} /> : null}
    </Filter>
  );
}

/** A filtered table's empty state: nothing matches (and, with `hint`, what to try), and Clear filters when given. */
export function NoMatch({
  description,
  hint,
  clear,
}: {
  description: string;
  hint?: string;
  clear?: { label: string; onClick: () => void };
}) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      {clear ? <Button onClick={clear.onClick}>{clear.label}</Button> : null}
    </Empty>
  );
}
