import { LaptopOutlined, LogoutOutlined } from "@ant-design/icons";
import { App, Button, Card, Flex, List, Tag, Typography } from "antd";
import { ToneTag } from "../../components/tones";
import { trpc } from "../../../lib/trpc";
import { formatDateTime } from "../../components/staff";
import { QueryState } from "../../components/QueryState";
import { useSave } from "../../save";
import { SESSION_TEXT } from "../../text-sessions";

/**
 * My Account's sessions (docs/decisions/0054): each signed-in browser of the account with its device
 * (from the User-Agent), address, start and last activity, this one marked; End signs that browser
 * out at its next request, "End all other sessions" every one but this.
 */
const T = SESSION_TEXT.sessions;

export function SessionsCard() {
  const { modal } = App.useApp();
  const sessions = trpc.auth.sessions.useQuery(undefined, { refetchOnMount: "always" });
  const { saving, run } = useSave("sessions");

  const end = (handle: string) => run({ write: (api) => api.auth.endSession.mutate({ handle }), success: T.ended, failure: T.failed });
  const endOthers = () =>
    modal.confirm({
      title: T.endOthersConfirm,
      okText: T.endOthers,
      okButtonProps: { danger: true },
      onOk: () =>
        run({ write: (api) => api.auth.endOtherSessions.mutate(), success: (answer) => T.endedOthers(answer.ended), failure: T.failed }),
    });

  return (
    <Card
      title={T.title}
      data-testid="account-sessions"
      extra={
        <Button size="small" danger icon={<LogoutOutlined />} onClick={endOthers} disabled={saving || (sessions.data?.length ?? 0) < 2}>
          {T.endOthers}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <QueryState query={sessions} failed={T.loadFailed} compact>
        {(list) => (
          <List
            dataSource={list}
            rowKey="handle"
            renderItem={(session) => (
              <List.Item
                data-testid="account-session"
                actions={
                  session.current
                    ? []
                    : [
                        <Button
                          key="end"
                          size="small"
                          aria-label={T.endLabel(session.device)}
                          onClick={() => void end(session.handle)}
                          loading={saving}
                        >
                          {T.end}
                        </Button>,
                      ]
                }
              >
                <List.Item.Meta
                  avatar={<LaptopOutlined style={{ fontSize: 20 }} />}
                  title={
                    <Flex gap={8} wrap align="center">
                      <span>{session.device}</span>
                      {session.current ? <ToneTag tone="green">{T.thisDevice}</ToneTag> : null}
                      {session.keepSignedIn ? <Tag>{T.kept}</Tag> : null}
                    </Flex>
                  }
                  description={
                    `${T.address}: ${session.ipAddress ?? "-"} · ${T.started}: ${formatDateTime(session.createdAt)} · ${T.lastActive}: ` +
                    `${formatDateTime(session.lastActiveAt)}`
                  }
                />
              </List.Item>
            )}
          />
        )}
      </QueryState>
    </Card>
  );
}
