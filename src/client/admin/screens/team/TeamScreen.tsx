import { UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Flex, Typography } from "antd";
import { useState } from "react";
import { trpc } from "../../../lib/trpc";
import { useDeleteNamed } from "../../components/confirm";
import { PageHeader } from "../../components/PageHeader";
import { AddButton, CardGrid, CardGridSkeleton, DeleteButton, EditButton, QueryState } from "../../components/QueryState";
import { S } from "../../text-site";
import { FormDialog } from "../../components/FormDialog";
import { TeamMemberForm, type TeamMember } from "./TeamMemberForm";

/**
 * Team (admin-portal.md sections 2 and 8): the people of the About page as cards (round photo, name,
 * role, bio), add and edit dialogs, and a delete confirmation. Signed-out visitors never reach it (the
 * portal's session guard sends them to the sign-in page before anything renders).
 */
const T = S.team;

export default function TeamScreen() {
  const list = trpc.team.adminList.useQuery();
  const [dialog, setDialog] = useState<{ record: TeamMember | null } | null>(null);
  const openAdd = () => setDialog({ record: null });

  return (
    <>
      <PageHeader subtitle={T.subtitle} extra={<AddButton label={T.add} onClick={openAdd} />} />
      <QueryState
        query={list}
        failed={{ title: T.loadFailed, toast: true }}
        loading={<CardGridSkeleton columns={{ md: 12, xl: 8 }} avatar={{ size: 96, shape: "circle" }} />}
        empty={{
          when: (members) => members.length === 0,
          title: T.empty,
          text: T.emptyText,
          action: <AddButton label={T.addFirst} onClick={openAdd} />,
        }}
      >
        {(members) => (
          <CardGrid
            items={members}
            columns={{ md: 12, xl: 8 }}
            card={(member) => <TeamCard member={member} onEdit={() => setDialog({ record: member })} />}
          />
        )}
      </QueryState>
      <FormDialog open={dialog !== null} title={dialog?.record ? T.editTitle : T.addTitle} onClose={() => setDialog(null)}>
        {(controls) => <TeamMemberForm record={dialog?.record ?? null} controls={controls} />}
      </FormDialog>
    </>
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
        <DeleteButton label={S.common.deleteLabel(member.name)} onClick={askDelete} />
      </Flex>
    </Card>
  );
}
