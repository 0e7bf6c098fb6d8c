import { Flex, Form, InputNumber, Switch, Typography } from "antd";
import type { ReactNode } from "react";
import type { Permission } from "../../../../shared/permissions";
import { retentionSettings } from "../../../../shared/schemas/inquiries";
import type { Settings } from "../../../../shared/schemas/settings";
import { trpc } from "../../../lib/trpc";
import { useCan } from "../../permissions";
import { BackupCard } from "./BackupCard";
import { BrandSection } from "./BrandSection";
import { PageHeader } from "../../components/PageHeader";
import { CardSkeleton, QueryState } from "../../components/QueryState";
import { fieldOf } from "../../forms";
import { B as BR } from "../../text-brand";
import { TCL } from "../../text-clinic";
import { I } from "../../text-inquiries";
import { M } from "../../text-mail";
import { U } from "../../text-users";
import { ClinicSection } from "./ClinicSection";
import { MailSection } from "./MailSection";
import { SecuritySection } from "./SecuritySection";
import { SettingsSection, type Section } from "./SettingsSection";

/**
 * Settings (super administrators; the server refuses anyone else): one card per section, in the order
 * of SECTIONS, the clinic's details first (issue 36: they are what a new clinic sets up first), each a
 * form saved on its own (the server keeps a section left out of an update). A line of links at the top
 * names every section and scrolls to it. A further section is one more entry in SECTIONS: its title (the
 * link's words) and a component that renders its card (a settings section renders its fields inside
 * <SettingsSection>), with the permission it needs when not settings.manage (the backup's).
 */
const T = I.settings;

interface SectionEntry {
  key: Section | "brand" | "backup";
  title: string;
  permission?: Permission;
  render: (settings: Settings) => ReactNode;
}

const SECTIONS: SectionEntry[] = [
  { key: "clinic", title: TCL.title, render: (settings) => <ClinicSection value={settings.clinic} /> },
  { key: "brand", title: BR.title, render: () => <BrandSection /> },
  { key: "mail", title: M.settings.title, render: (settings) => <MailSection value={settings.mail} /> },
  { key: "security", title: U.security.title, render: (settings) => <SecuritySection value={settings.security} /> },
  { key: "retention", title: T.retention.title, render: (settings) => <RetentionSection value={settings.retention} /> },
  { key: "backup", title: T.backup.title, permission: "backups.take", render: () => <BackupCard /> },
];

/** Where a section's card starts (the target of its link at the top). */
const anchorOf = (key: SectionEntry["key"]) => `settings-section-${key}`;

export default function SettingsScreen() {
  // An audit-worthy page reads afresh each visit.
  const settings = trpc.settings.get.useQuery(undefined, { refetchOnMount: "always" });
  const mayBackUp = useCan("backups.take");
  const sections = SECTIONS.filter((section) => section.permission !== "backups.take" || mayBackUp);

  return (
    <>
      <PageHeader subtitle={T.subtitle} />
      <QueryState query={settings} failed={T.loadFailed} loading={<CardSkeleton />}>
        {(data) => (
          <Flex vertical gap={24} style={{ maxWidth: 760 }}>
            <nav aria-label={T.sectionsLabel} data-testid="settings-sections">
              <Flex wrap gap="4px 16px" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {sections.map(({ key, title }) => (
                  <li key={key}>
                    <Typography.Link
                      href={`#${anchorOf(key)}`}
                      onClick={(event) => {
                        // The admin's router owns the address: scroll to the card without a new entry in it.
                        event.preventDefault();
                        // Smooth only for those who have not asked for less motion (as the public site's links).
                        const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
                        document.getElementById(anchorOf(key))?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
                      }}
                    >
                      {title}
                    </Typography.Link>
                  </li>
                ))}
              </Flex>
            </nav>
            {sections.map(({ key, render }) => (
              <div key={key} id={anchorOf(key)} style={{ scrollMarginTop: 72 }}>
                {render(data)}
              </div>
            ))}
          </Flex>
        )}
      </QueryState>
    </>
  );
}

function RetentionSection({ value }: { value: Settings["retention"] }) {
  return (
    <SettingsSection section="retention" title={T.retention.title} intro={T.retention.intro} value={value}>
      <Form.Item name="enabled" valuePropName="checked" label={T.retention.enabled} htmlFor="retention-enabled">
        <Switch id="retention-enabled" />
      </Form.Item>
      <Form.Item {...fieldOf(retentionSettings, "days")} label={T.retention.days} htmlFor="retention-days" validateFirst>
        <InputNumber id="retention-days" suffix={T.retention.daysUnit} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => (
          <div data-testid="retention-explanation">
            <Typography.Paragraph>{T.retention.explanation(getFieldValue("days") ?? "N")}</Typography.Paragraph>
            {getFieldValue("enabled") ? null : <Typography.Paragraph type="secondary">{T.retention.off}</Typography.Paragraph>}
          </div>
        )}
      </Form.Item>
    </SettingsSection>
  );
}
