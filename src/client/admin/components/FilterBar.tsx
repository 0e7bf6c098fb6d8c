import { Button, Form, Select } from "antd";
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
      {clear ? (
        <Form.Item>
          <Button onClick={clear.onClick}>{clear.label}</Button>
        </Form.Item>
      ) : null}
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
  loading,
  search = false,
}: {
  id: string;
  label: string;
  placeholder: string;
  options: { value: Value; label: string }[];
  value: Value | undefined;
  onChange: (value: Value | undefined) => void;
  /** Pixels, or "100%" in a stacked bar. */
  width: number | string;
  loading?: boolean;
  search?: boolean;
}) {
  return (
    <Filter label={label} htmlFor={id}>
      <Select<Value>
        id={id}
        allowClear
        showSearch={search ? { optionFilterProp: "label" } : undefined}
        placeholder={placeholder}
        options={options}
        loading={loading}
        value={value}
        onChange={(next?: Value) => onChange(next)}
        style={{ width }}
      />
    </Filter>
  );
}
