import { Flex, Switch, Typography, type SwitchProps } from "antd";
import type { ReactNode } from "react";

/**
 * An on/off choice of one's own (My Account's mail and desktop notices): the switch, its label (a click
 * on it toggles too) and the help under it, which screen readers read with the switch.
 */
export function SwitchSetting({ id, label, help, ...props }: { id: string; label: string; help: ReactNode } & Omit<SwitchProps, "id">) {
  return (
    <>
      <Flex gap={12} align="center">
        <Switch id={id} {...props} aria-describedby={`${id}-help`} />
        <label htmlFor={id} style={{ cursor: "pointer" }}>
          {label}
        </label>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }} id={`${id}-help`}>
        {help}
      </Typography.Paragraph>
    </>
  );
}
