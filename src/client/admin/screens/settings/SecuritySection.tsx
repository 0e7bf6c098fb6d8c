import { Form, Switch, Typography } from "antd";
import type { Settings } from "../../../../shared/schemas/settings";
import { ADMIN_ROLES } from "../../../../shared/schemas/users";
import { A } from "../../text";
import { U } from "../../text-users";
import { SettingsSection } from "./SettingsSection";

/**
 * Sign-in security: per role, whether every account must have a second factor. An account under the
 * rule without one is taken to enrolment after its password and can do nothing else until enrolled
 * (the server's gate, src/server/trpc.ts).
 */
const T = U.security;

export function SecuritySection({ value }: { value: Settings["security"] }) {
  return (
    <SettingsSection section="security" title={T.title} intro={T.intro} value={value}>
      {ADMIN_ROLES.map((role) => (
        <Form.Item
          key={role}
          name={["requireSecondFactor", role]}
          valuePropName="checked"
          label={T.requireFor(role === "admin" ? T.adminAndOtherRoles : (A.roles[role] ?? role))}
          htmlFor={`require-second-factor-${role}`}
        >
          <Switch id={`require-second-factor-${role}`} />
        </Form.Item>
      ))}
      <Typography.Paragraph type="secondary">{T.note}</Typography.Paragraph>
    </SettingsSection>
  );
}
