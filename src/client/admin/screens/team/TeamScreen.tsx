import { UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Flex, Typography } from "antd";
import { trpc } from "../../../lib/trpc";
import { useDeleteNamed } from "../../components/confirm";
import { CardGridSkeleton, DeleteButton, EditButton } from "../../components/QueryState";
import { SortableGrid } from "../../components/SortableGrid";
import { useSave } from "../../save";
import { A } from "../../text";
import type { ReactNode } from "react";
import { RecordsScreen } from "../../components/RecordsScreen";
import { S } from "../../text-site";
import { TeamMemberForm, type TeamMember } from "./TeamMemberForm";
import { TranslateButton } from "../../components/TranslateButton";

/**
 * Team (admin-portal.md sections 2 and 8): the people of the About page as cards (round photo, name,
 * role, bio), add and edit dialogs, and a delete confirmation. Signed-out visitors never reach it (the
 * portal's session guard sends them to the sign-in page before anything renders).
 */
const T = S.team;

export default function TeamScreen() {
  const list = trpc.team.adminList.useQuery();
  return (
    <RecordsScreen
      words={T}
      query={list}
      failed={{ title: T.loadFailed, toast: true }}
      loading={<CardGridSkeleton columns={{ md: 12, xl: 8 }} avatar={{ size: 96, shape: "circle" }} />}
      list={(members, edit) => <TeamList members={members} onEdit={edit} />}
      form={(record, controls) => <TeamMemberForm record={record} controls={controls} />}
    />
  );
}

/** The cards in the About page's order, which staff change by dragging them (or from the keyboard). */
function TeamList({ members, onEdit }: { members: TeamMember[]; onEdit: (member: TeamMember) => void }) {
  const { run } = useSave("team");
  const utils = trpc.useUtils();
  return (
    <>
      <Typography.Paragraph type="secondary">{A.reorder.hint}</Typography.Paragraph>
      <SortableGrid
        items={members}
        columns={{ md: 12, xl: 8 }}
        name={(member) => member.name}
        onMove={async (ids) => {
          const saved = await run({
            write: (api) => api.team.reorder.mutate({ ids }),
            success: A.reorder.saved,
            failure: A.reorder.failed,
          });
          // Refused for a list that changed meanwhile: the list as it is now, to move again.
          if (!saved.ok) void utils.team.adminList.invalidate();
          return saved.ok;
        }}
        card={(member, handle) => <TeamCard member={member} handle={handle} onEdit={() => onEdit(member)} />}
      />
    </>
  );
}

function TeamCard({ member, handle, onEdit }: { member: TeamMember; handle: ReactNode; onEdit: () => void }) {
  const askDelete = useDeleteNamed("team", T, member.id, member.name);

  return (
    <Card
      data-testid="team-card"
      style={{ height: "100%" }}
      styles={{ body: { display: "flex", flexDirection: "column", height: "100%", gap: 12 } }}
    >
      <Flex vertical align="center" gap={8} style={{ textAlign: "center" }}>
        <Avatar
          size={112}
          src={member.imageUrl}
          alt={T.photoAlt(member.name)}
          icon={<UserOutlined />}
          style={{ border: "3px solid #e6f0ef" }}
        />
        <Typography.Title level={4} style={{ margin: "4px 0 0" }}>
          {member.name}
        </Typography.Title>
        <Typography.Text strong style={{ color: "#0e5a61" }}>
          {member.role}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0, flex: 1 }} ellipsis={{ rows: 4, expandable: "collapsible" }}>
        {member.bio}
      </Typography.Paragraph>
      <Flex justify="flex-end" gap={8} style={{ borderTop: "1px solid #f0f0f0", paddingTop: 12 }}>
        {handle ? <span style={{ marginRight: "auto" }}>{handle}</span> : null}
        <EditButton label={S.common.editLabel(member.name)} onClick={onEdit} />
        <TranslateButton kind="team" recordId={member.id} name={member.name} />
        <DeleteButton label={S.common.deleteLabel(member.name)} onClick={askDelete} />
      </Flex>
    </Card>
  );
}
