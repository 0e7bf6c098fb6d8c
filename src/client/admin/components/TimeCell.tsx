import { Tooltip } from "antd";
import { formatDateTime, formatDateTimeFull } from "./staff";

/** A table cell's moment: short on one line, the full date and time (with seconds) in its tooltip. */
export function TimeCell({ value, format = formatDateTime }: { value: Date | string; format?: (value: Date) => string }) {
  return (
    <Tooltip title={formatDateTimeFull(value)}>
      <span style={{ whiteSpace: "nowrap" }}>{format(new Date(value))}</span>
    </Tooltip>
  );
}
