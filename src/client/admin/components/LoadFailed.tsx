import { ArrowLeftOutlined, ReloadOutlined } from "@ant-design/icons";
import { Button, Card, Result } from "antd";
import { useAdminNavigate } from "../navigation";
import { PageHeader } from "./PageHeader";

/** An editor whose record could not be loaded: why, a way back, and a retry when one can help. */
export function LoadFailed({
  heading,
  title,
  detail,
  backTo,
  backLabel,
  retryLabel,
  onRetry,
}: {
  heading: string;
  title: string;
  detail?: string | null;
  backTo: string;
  backLabel: string;
  retryLabel: string;
  onRetry?: () => void;
}) {
  const navigate = useAdminNavigate();
  return (
    <>
      <PageHeader title={heading} />
      <Card>
        <Result
          status="warning"
          title={title}
          subTitle={detail || undefined}
          extra={[
            <Button key="back" icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>
              {backLabel}
            </Button>,
            onRetry ? (
              <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
                {retryLabel}
              </Button>
            ) : null,
          ]}
        />
      </Card>
    </>
  );
}
