import { DeleteOutlined, EditOutlined, ExportOutlined, EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Tooltip, Typography } from "antd";
import { trpc } from "../../../lib/trpc";
import { useDeleteNamed } from "../../components/confirm";
import { useScreenTitle } from "../../current-screen";
import { CardSkeleton } from "../../components/QueryState";
import { RecordsScreen } from "../../components/RecordsScreen";
import { S } from "../../text-site";
import { ToneTag } from "../../components/tones";
import { SocialLinkForm, type SocialLink } from "./SocialLinkForm";
import { FooterIcon } from "./SocialIcon";

/**
 * Social media links (admin-portal.md sections 2 and 8): the footer's icons in sort order, each with
 * its icon, platform, name, address, icon class, sort order and visibility, and buttons to open, edit
 * or delete it. The form shows how the icon will look in the footer.
 */
const T = S.social;

export default function SocialMediaScreen() {
  const list = trpc.socialMedia.adminList.useQuery();
  const title = useScreenTitle();
  const nextSortOrder = (list.data ?? []).reduce((max, link) => Math.max(max, link.sortOrder), 0) + 1;
  return (
    <RecordsScreen
      words={T}
      query={list}
      failed={title}
      loading={<CardSkeleton avatar />}
      list={(all, edit) => (
        <Card styles={{ body: { padding: 0 } }}>
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={title}>
            {all.map((link, index) => (
              <SocialLinkRow key={link.id} link={link} first={index === 0} onEdit={() => edit(link)} />
            ))}
          </ul>
        </Card>
      )}
      form={(record, controls) => <SocialLinkForm record={record} defaultSortOrder={nextSortOrder} controls={controls} />}
    />
  );
}

function SocialLinkRow({ link, first, onEdit }: { link: SocialLink; first: boolean; onEdit: () => void }) {
  const askDelete = useDeleteNamed("socialMedia", T, link.id, link.displayName);

  return (
    <li
      data-testid="social-link"
      data-platform={link.platform}
      style={{ borderTop: first ? undefined : "1px solid #f0f0f0", padding: "16px 20px" }}
    >
      <Flex align="center" gap={16} wrap>
        <span style={{ opacity: link.isVisible ? 1 : 0.45 }}>
          <FooterIcon platform={link.platform} solid size={44} />
        </span>
        <div style={{ flex: "1 1 260px", minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 15 }}>
              {link.displayName}
            </Typography.Text>
            <ToneTag tone="blue">{link.platform}</ToneTag>
            <Tooltip title={link.isVisible ? S.common.visibleOnSite : S.common.hiddenOnSite}>
              {link.isVisible ? (
                <EyeOutlined role="img" aria-label={S.common.visibleOnSite} style={{ color: "#237804" }} />
              ) : (
                <EyeInvisibleOutlined role="img" aria-label={S.common.hiddenOnSite} style={{ color: "#8c8c8c" }} />
              )}
            </Tooltip>
          </Flex>
          <Typography.Text type="secondary" ellipsis={{ tooltip: link.url }} style={{ display: "block", maxWidth: "100%" }}>
            {link.url}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {T.iconClassValue(link.iconClass)} · {T.sortOrderValue(link.sortOrder)}
          </Typography.Text>
        </div>
        <Flex gap={8}>
          <Tooltip title={T.openLabel(link.displayName)}>
            <Button
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              icon={<ExportOutlined />}
              aria-label={T.openLabel(link.displayName)}
            />
          </Tooltip>
          <Tooltip title={S.common.editLabel(link.displayName)}>
            <Button icon={<EditOutlined />} onClick={onEdit} aria-label={S.common.editLabel(link.displayName)} />
          </Tooltip>
          <Tooltip title={S.common.deleteLabel(link.displayName)}>
            <Button danger icon={<DeleteOutlined />} onClick={askDelete} aria-label={S.common.deleteLabel(link.displayName)} />
          </Tooltip>
        </Flex>
      </Flex>
    </li>
  );
}
