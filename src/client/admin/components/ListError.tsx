import { Button, Result } from "antd";
import { anyMessage, statusLine } from "../feedback";
import { A } from "../text";
import { S } from "../text-site";

/** A failed list read as the spec words it: "HTTP {status}: {statusText}" (a network failure gives its own message). */
export function listErrorText(error: unknown): string {
  const line = statusLine(error);
  if (line) return A.common.listError(line.status, line.text);
  return anyMessage(error) ?? A.common.error;
}

/** The in-page state of a list that failed to load, with a way to try again. */
export function ListError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={listErrorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {S.common.retry}
        </Button>
      }
    />
  );
}
