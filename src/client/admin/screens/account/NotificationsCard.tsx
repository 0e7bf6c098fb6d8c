import { Alert, Card, Flex } from "antd";
import { SwitchSetting } from "../../components/SwitchSetting";
import { Link } from "wouter";
import { trpc } from "../../../lib/trpc";
import { QueryState } from "../../components/QueryState";
import { useSave } from "../../save";
import { useCan } from "../../permissions";
import { useSession } from "../../session";
import { M } from "../../text-mail";

/**
 * The signed-in user's own e-mail notifications: new-inquiry mail on or off, saved as soon as it is
 * switched (auth.setNotifications). The mail holds no details of the inquiry, only a link here. An
 * account without an address may still turn it on; nothing arrives until a super admin adds one.
 */
const T = M.account;

export function NotificationsCard() {
  const user = useSession().data!;
  const mayManageStaff = useCan("staff.manage");
  const utils = trpc.useUtils();
  const prefs = trpc.auth.notifications.useQuery(undefined, { refetchOnMount: "always" });
  // Super admins see everyone's choice on the Settings screen: "notifications" refreshes that list too.
  const { saving, run } = useSave("notifications");

  const toggle = (newInquiries: boolean) =>
    run({
      write: (api) => api.auth.setNotifications.mutate({ newInquiries }),
      onSaved: (answer) => utils.auth.notifications.setData(undefined, answer),
      success: (answer) => (answer.newInquiries ? T.savedOn : T.savedOff),
      failure: T.failed,
    });

  return (
    <Card title={T.title} data-testid="account-notifications">
      <QueryState query={prefs} failed={T.loadFailed} compact>
        {(data) => (
          <Flex vertical gap={12}>
            <SwitchSetting
              id="notify-new-inquiries"
              label={T.newInquiries}
              help={
                <>
                  {T.privacy} {data.hasEmail && user.email ? T.sendsTo(user.email) : null}
                </>
              }
              checked={data.newInquiries}
              loading={saving}
              onChange={(checked) => void toggle(checked)}
            />
            {data.hasEmail ? null : (
              <Alert
                type="warning"
                showIcon
                data-testid="notify-no-email"
                title={T.noEmailTitle}
                description={mayManageStaff ? <Link href="/users">{T.noEmailSuper}</Link> : T.noEmailAdmin}
              />
            )}
          </Flex>
        )}
      </QueryState>
    </Card>
  );
}
