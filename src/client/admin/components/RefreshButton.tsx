import { ReloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { U } from "../text-users";

/** A screen's Refresh button: reads its list again, spinning while a refetch (not the first read) runs. */
export function RefreshButton({
  query,
  label = U.common.refresh,
  size,
}: {
  query: { refetch: () => unknown; isFetching: boolean; isPending: boolean };
  label?: string;
  size?: "small";
}) {
  return (
    <Button size={size} icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending}>
      {label}
    </Button>
  );
}
