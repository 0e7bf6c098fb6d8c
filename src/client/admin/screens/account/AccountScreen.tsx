import { Col, Flex, Row } from "antd";
import { PageHeader } from "../../components/PageHeader";
import { U } from "../../text-users";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { NotificationsCard } from "./NotificationsCard";
import { DesktopNoticesCard } from "./DesktopNoticesCard";
import { PasskeysCard } from "./PasskeysCard";
import { ProfileCard } from "./ProfileCard";
import { SessionsCard } from "./SessionsCard";
import { TwoFactorCard } from "./TwoFactorCard";

/**
 * My Account (every signed-in user; not in the spec, staff need it): who they are and their own name
 * and e-mail (editable), a password change
 * (current password first), two-factor authentication: enrolment with a QR code, the backup codes
 * shown once, and turning it off with the password (changing either ends the user's other sessions),
 * whether new inquiries are announced to them by e-mail (and, in this browser, by a desktop notice), and where they are signed in
 * (SessionsCard).
 */
const T = U.account;

export default function AccountScreen() {
  return (
    <>
      <PageHeader subtitle={T.subtitle} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <ProfileCard />
          <ChangePasswordCard />
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={24}>
            <TwoFactorCard />
            <PasskeysCard />
            <NotificationsCard />
            <DesktopNoticesCard />
            <SessionsCard />
          </Flex>
        </Col>
      </Row>
    </>
  );
}
