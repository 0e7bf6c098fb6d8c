import { Card, Col, Descriptions, Flex, Row, Typography } from "antd";
import { Link } from "wouter";
import { PageHeader } from "../../components/PageHeader";
import { useSession } from "../../session";
import { A } from "../../text";
import { U } from "../../text-users";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { ToneTag } from "../../components/tones";
import { NotificationsCard } from "./NotificationsCard";
import { SessionsCard } from "./SessionsCard";
import { TwoFactorCard } from "./TwoFactorCard";

/**
 * My Account (every signed-in user; not in the spec, staff need it): who they are, a password change
 * (current password first), two-factor authentication: enrolment with a QR code, the backup codes
 * shown once, and turning it off with the password (changing either ends the user's other sessions),
 * whether new inquiries are announced to them by e-mail, and where they are signed in (SessionsCard).
 */
const T = U.account;

export default function AccountScreen() {
  const user = useSession().data!;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const notSet = <Typography.Text type="secondary">{U.common.notSet}</Typography.Text>;

  return (
    <>
      <PageHeader subtitle={T.subtitle} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <Card title={T.profile} style={{ marginBottom: 24 }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: "username", label: T.username, children: <Typography.Text strong>{user.username}</Typography.Text> },
                {
                  key: "role",
                  label: T.role,
                  children: <ToneTag tone={user.role === "super_admin" ? "gold" : "cyan"}>{A.roles[user.role] ?? user.role}</ToneTag>,
                },
                { key: "name", label: T.name, children: name || notSet },
                { key: "email", label: T.email, children: user.email || notSet },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ margin: "12px 0 0" }}>
              {user.role === "super_admin" ? <Link href="/users">{T.profileHelpSuper}</Link> : T.profileHelpAdmin}
            </Typography.Paragraph>
          </Card>
          <ChangePasswordCard />
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={24}>
            <TwoFactorCard />
            <NotificationsCard />
            <SessionsCard />
          </Flex>
        </Col>
      </Row>
    </>
  );
}
