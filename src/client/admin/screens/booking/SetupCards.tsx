import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Empty, Flex, Form, Input, List, Select, Switch, Tag, Typography } from "antd";
import { useState } from "react";
import { resourceInput } from "../../../../shared/schemas/booking";
import { DialogForm, FormDialog, useDialogForm, type DialogControls } from "../../components/FormDialog";
import { QueryState } from "../../components/QueryState";
import { fieldOf } from "../../forms";
import type { Outputs } from "../../outputs";
import { useSave } from "../../save";
import { BK } from "../../text-booking";
import { trpc } from "../../../lib/trpc";

type Resource = Outputs["booking"]["resources"][number];
type Clinician = Outputs["booking"]["clinicians"][number];
type Choices = Outputs["booking"]["setupChoices"];
const T = BK.availability;

/**
 * Which team members are bookable clinicians, and whose staff account each is (issue 38). A change
 * saves at once; a change of the linked account asks "Confirm it's you" when the session's last check
 * is old (the server decides: routers/booking.ts).
 */
export function CliniciansCard({ clinicians }: { clinicians: Clinician[] }) {
  const choices = trpc.booking.setupChoices.useQuery();
  return (
    <Card title={T.clinicians.title} data-testid="bookable-clinicians">
      <Typography.Paragraph type="secondary">{T.clinicians.intro}</Typography.Paragraph>
      <QueryState query={choices} failed={T.clinicians.loadFailed} compact>
        {(data) => <ClinicianList choices={data} clinicians={clinicians} />}
      </QueryState>
    </Card>
  );
}

function ClinicianList({ choices, clinicians }: { choices: Choices; clinicians: Clinician[] }) {
  const { saving, run } = useSave("booking");
  const byId = new Map(clinicians.map((c) => [c.teamMemberId, c]));
  const accounts = choices.staffAccounts.map((a) => ({ value: a.id, label: a.name ? `${a.name} (${a.username})` : a.username }));
  const save = (teamMemberId: number, isActive: boolean, staffUserId: number | null) =>
    run({
      write: (api) => api.booking.saveClinician.mutate({ teamMemberId, isActive, staffUserId }),
      success: T.clinicians.saved,
      failure: T.clinicians.failed,
    });
  return (
    <List
      size="small"
      dataSource={choices.teamMembers}
      renderItem={(member) => {
        const clinician = byId.get(member.id);
        const bookable = clinician?.isActive ?? false;
        const link = clinician?.staffUserId ?? null;
        return (
          <List.Item data-clinician={member.name}>
            <Flex gap={12} align="center" wrap style={{ width: "100%" }} justify="space-between">
              <Flex gap={8} align="center">
                <Switch
                  aria-label={T.clinicians.bookable(member.name)}
                  checked={bookable}
                  disabled={saving}
                  onChange={(checked) => void save(member.id, checked, link)}
                />
                <Typography.Text>{member.name}</Typography.Text>
              </Flex>
              <Select
                aria-label={T.clinicians.accountOf(member.name)}
                allowClear
                placeholder={T.clinicians.noAccount}
                disabled={saving || !clinician}
                value={link ?? undefined}
                options={accounts}
                onChange={(value: number | undefined) => void save(member.id, bookable, value ?? null)}
                style={{ minWidth: 220 }}
              />
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}

/** Rooms and devices: add, rename, remove (refused while a service needs one or a booking holds it). */
export function ResourcesCard({ resources }: { resources: Resource[] }) {
  const { modal } = App.useApp();
  const { run } = useSave("booking");
  const [editing, setEditing] = useState<Resource | "new" | null>(null);
  const remove = (resource: Resource) =>
    modal.confirm({
      title: T.resources.removeQuestion(resource.name),
      okText: T.resources.remove,
      okButtonProps: { danger: true },
      onOk: () =>
        run({
          write: (api) => api.booking.removeResource.mutate({ id: resource.id }),
          success: T.resources.removed,
          failure: T.resources.removeFailed,
        }),
    });
  return (
    <Card
      title={T.resources.title}
      data-testid="resources"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing("new")}>
          {T.resources.add}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{T.resources.intro}</Typography.Paragraph>
      {resources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.resources.empty} />
      ) : (
        <List
          size="small"
          dataSource={resources}
          renderItem={(resource) => (
            <List.Item
              data-resource={resource.name}
              actions={[
                <Button
                  key="rename"
                  size="small"
                  aria-label={`${T.resources.rename} ${resource.name}`}
                  onClick={() => setEditing(resource)}
                >
                  {T.resources.rename}
                </Button>,
                <Button
                  key="remove"
                  size="small"
                  danger
                  aria-label={`${T.resources.remove} ${resource.name}`}
                  onClick={() => remove(resource)}
                >
                  {T.resources.remove}
                </Button>,
              ]}
            >
              <Flex gap={8} align="center">
                <Typography.Text>{resource.name}</Typography.Text>
                <Tag>{T.resources.kinds[resource.kind]}</Tag>
              </Flex>
            </List.Item>
          )}
        />
      )}
      <FormDialog
        open={editing !== null}
        title={editing === "new" ? T.resources.addTitle : T.resources.renameTitle}
        onClose={() => setEditing(null)}
        width={480}
      >
        {(controls) => <ResourceForm controls={controls} resource={editing === "new" ? null : editing} />}
      </FormDialog>
    </Card>
  );
}

function ResourceForm({ controls, resource }: { controls: DialogControls; resource: Resource | null }) {
  const { save, props } = useDialogForm<{ name: string; kind: "room" | "device" }>("booking", controls);
  return (
    <DialogForm
      {...props}
      okText={resource ? T.resources.rename : T.resources.add}
      initialValues={resource ? { name: resource.name, kind: resource.kind } : { kind: "room" }}
      onFinish={(values) =>
        save({
          write: (api) =>
            api.booking.saveResource.mutate({ ...values, ...(resource ? { id: resource.id, isActive: resource.isActive } : {}) }),
          success: resource ? T.resources.renamed : T.resources.added,
          failure: T.resources.failed,
        })
      }
    >
      <Form.Item {...fieldOf(resourceInput, "name")} label={T.resources.name} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="kind" label={T.resources.kind}>
        <Select
          options={[
            { value: "room", label: T.resources.kinds.room },
            { value: "device", label: T.resources.kinds.device },
          ]}
        />
      </Form.Item>
    </DialogForm>
  );
}
