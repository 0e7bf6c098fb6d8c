import { Button, Typography } from "antd";
import { A } from "../text";

/**
 * The choices of a dropdown that are read from the server (the inquiry desk's services and assignees,
 * the Activity Log's staff, a testimonial's services) have states, as a screen's data has in
 * QueryState: while they load the dropdown says so, and a failed read says so beside it with Try again,
 * instead of an empty list that reads as "there are none".
 */
export interface OptionsRead {
  isPending: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

/** Beside a dropdown whose choices could not be read: what happened, and Try again. Nothing otherwise. */
export function OptionsFailed({ read, id }: { read: OptionsRead; id?: string }) {
  if (!read.isError) return null;
  return (
    <Typography.Text type="danger" id={id} role="alert" style={{ display: "block", fontSize: 13 }}>
      {A.common.optionsFailed}{" "}
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void read.refetch?.()}>
        {A.common.retry}
      </Button>
    </Typography.Text>
  );
}

/** The Select props of choices read from the server: loading while they come, marked as failed when they did not. */
export function optionsStatus(read: OptionsRead, failedId?: string) {
  return {
    loading: read.isPending,
    ...(read.isError ? { status: "error" as const, "aria-describedby": failedId } : {}),
  };
}
