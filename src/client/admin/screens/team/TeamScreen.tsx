import { UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Flex, Typography } from "antd";
import { trpc } from "../../../lib/trpc";
import { useDeleteNamed } from "../../components/confirm";
import { CardGrid, CardGridSkeleton, DeleteButton, EditButton } from "../../components/QueryState";
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
      list={(members, edit) => (
        <CardGrid items={members} columns={{ md: 12, xl: 8 }} card={(member) => <TeamCard member={member} onEdit={() => edit(member)} />} />
      )}
      form={(record, controls) => <TeamMemberForm record={record} controls={controls} />}
    />
  );
}

function TeamCard({ member, onEdit }: { member: TeamMember; onEdit: () => void }) {
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
        <EditButton label={S.common.editLabel(member.name)} onClick={onEdit} />
        <TranslateButton kind="team" recordId={member.id} name={member.name} />
        <DeleteButton label={S.common.deleteLabel(member.name)} onClick={askDelete} />
      </Flex>
    </Card>
  );
}
