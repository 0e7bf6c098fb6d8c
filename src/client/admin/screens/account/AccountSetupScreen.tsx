import { LogoutOutlined } from "@ant-design/icons";
import { Button, Flex, Result, Typography } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useSignOut } from "../../layout/AdminLayout";
import type { AdminUser } from "../../session";
import { U } from "../../text-users";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { PasskeysCard } from "./PasskeysCard";
import { TwoFactorCard } from "./TwoFactorCard";

/**
 * What an account must do before anything else, right after sign-in (docs/decisions/0053): choose a
 * new password (one someone else set, or the generated first one), then set up the second factor its
 * role requires. The server refuses everything else until then (src/server/trpc.ts); this screen takes
 * the place of every page meanwhile. Once done it stays until "Continue", so the backup codes shown
 * at enrolment are not swept away by the refreshed session.
 */
const T = U.account.setup;

export function AccountSetupGate({ user, children }: { user: AdminUser; children: ReactNode }) {
  const [held, setHeld] = useState(user.accountSetup !== null);
  useEffect(() => {
    if (user.accountSetup) setHeld(true);
  }, [user.accountSetup]);
  if (!held && !user.accountSetup) return <>{children}</>;
  return <AccountSetupScreen user={user} onDone={() => setHeld(false)} />;
}

function AccountSetupScreen({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const signOut = useSignOut();
  const step = user.accountSetup;
  // One place in the tree for the two-factor card: enrolment, then its backup codes once it is on.
  const showTwoFactor = step === "second_factor" || (step === null && user.twoFactorEnabled);
  return (
    <Flex vertical align="center" style={{ minHeight: "100vh", padding: "48px 16px" }}>
      <div style={{ width: "100%", maxWidth: 560 }}>
        {step === "password" && <Typography.Title level={1}>{T.passwordTitle}</Typography.Title>}
        {step === "password" && <ChangePasswordCard title={T.passwordTitle} intro={T.passwordIntro} />}
        {step === "second_factor" && <Typography.Title level={1}>{T.secondFactorTitle}</Typography.Title>}
        {step === "second_factor" && <Typography.Paragraph>{T.secondFactorIntro}</Typography.Paragraph>}
        {showTwoFactor && <TwoFactorCard />}
        {/* A passkey is a second factor too: adding one lifts the gate as TOTP does. */}
        {step === "second_factor" && (
          <div style={{ marginTop: 24 }}>
            <PasskeysCard />
          </div>
        )}
        {step === null && (
          <Result
            status="success"
            title={T.doneTitle}
            subTitle={user.twoFactorEnabled ? T.doneText : undefined}
            extra={
              <Button type="primary" onClick={onDone}>
                {T.continue}
              </Button>
            }
          />
        )}
        <Button icon={<LogoutOutlined />} onClick={signOut} style={{ marginTop: 24 }}>
          {T.signOut}
        </Button>
      </div>
    </Flex>
  );
}
