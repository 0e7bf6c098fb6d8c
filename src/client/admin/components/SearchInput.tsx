import { SearchOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { CSSProperties } from "react";

/** A list screen's search box: the search icon, clearable; `label` names it for screen readers, `onSearch` gets the words as typed. */
export function SearchInput({
  label,
  placeholder,
  value,
  onSearch,
  maxLength,
  style,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (words: string) => void;
  maxLength?: number;
  style?: CSSProperties;
}) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={label}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
      style={style}
    />
  );
}
