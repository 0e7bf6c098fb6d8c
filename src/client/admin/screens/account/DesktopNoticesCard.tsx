import { Alert, Card, Flex } from "antd";
import { SwitchSetting } from "../../components/SwitchSetting";
import { useState } from "react";
import { desktopNoticesOn, desktopNoticesSupported, setDesktopNotices } from "../../live";
import { useCan } from "../../permissions";
import { I } from "../../text-inquiries";

/**
 * Desktop notices of arriving inquiries (live.tsx), for a role that sees inquiries: a choice of this
 * browser, not of the account (another computer at the front desk decides for itself). Switching it on
 * asks the browser's permission; a browser that blocks it says how to allow it.
 */
const T = I.live.desktop;

export function DesktopNoticesCard() {
  const mayView = useCan("inquiries.view");
  const [on, setOn] = useState(desktopNoticesOn);
  const [problem, setProblem] = useState<"blocked" | "unsupported" | null>(desktopNoticesSupported() ? null : "unsupported");
  if (!mayView) return null;

  const toggle = async (wanted: boolean) => {
    const state = await setDesktopNotices(wanted);
    setOn(state === "on");
    setProblem(state === "blocked" || state === "unsupported" ? state : null);
  };

  return (
    <Card title={T.title} data-testid="account-desktop-notices">
      <Flex vertical gap={12}>
        <SwitchSetting
          id="desktop-notices"
          label={T.label}
          help={
            <>
              {T.help} <span role="status">{problem ? null : on ? T.on : T.off}</span>
            </>
          }
          checked={on}
          disabled={problem === "unsupported"}
          onChange={(checked) => void toggle(checked)}
        />
        {problem ? <Alert type="warning" showIcon title={problem === "blocked" ? T.blocked : T.unsupported} /> : null}
      </Flex>
    </Card>
  );
}
