import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { serverMessage } from "../feedback";

/** A part of a page whose data could not be read: what failed, the server's words, and Try Again when it may help. */
export function ReadFailed({ title, error, retryLabel, onRetry }: { title: string; error: unknown; retryLabel?: string; onRetry?: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={serverMessage(error) ?? undefined}
      action={
        onRetry && retryLabel ? (
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void onRetry()}>
            {retryLabel}
          </Button>
        ) : undefined
      }
    />
  );
}
