import { CommentOutlined, EyeOutlined, MailOutlined, MedicineBoxOutlined, MessageOutlined, PhoneOutlined } from "@ant-design/icons";
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { I } from "../../text-inquiries";
import { submittedAt } from "./format";
import { OverdueMark, StatusTag, telHref, type InquirySummary } from "./parts";

const T = I.desk;

/**
 * The desk's columns: received, name (with a health-details and an opt-in-texting mark), status (and
 * overdue), assignee, contact, services, the notes' count for a role that works inquiries, and Open.
 */
export function inquiryColumns({
  mayWork,
  open,
}: {
  mayWork: boolean;
  open: (inquiry: InquirySummary) => void;
}): TableColumnsType<InquirySummary> {
  return [
    {
      title: T.columns.received,
      dataIndex: "createdAt",
      width: 128,
      render: (createdAt: Date) => (
        <time dateTime={createdAt.toISOString()} data-testid="submitted-at">
          {submittedAt(createdAt)}
        </time>
      ),
    },
    {
      title: T.columns.name,
      dataIndex: "name",
      render: (name: string, inquiry) => (
        <Flex vertical align="flex-start" gap={4}>
          <Typography.Text strong>{name}</Typography.Text>
          {inquiry.hasHealthDetails || inquiry.optInTexting ? (
            <Flex gap={4} wrap>
              {inquiry.hasHealthDetails ? (
                <Tooltip title={T.healthTip}>
                  <Tag
                    icon={<MedicineBoxOutlined />}
                    style={{ marginInlineEnd: 0, color: "#391085", background: "#f9f0ff", borderColor: "#d3adf7" }}
                  >
                    {T.healthTag}
                  </Tag>
                </Tooltip>
              ) : null}
              {/* admin-portal.md section 2: opt-in texting is shown only when given. */}
              {inquiry.optInTexting ? (
                <Tooltip title={T.textingTip}>
                  <Tag icon={<MessageOutlined />} style={{ marginInlineEnd: 0 }}>
                    {T.textingTag}
                  </Tag>
                </Tooltip>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    {
      title: T.columns.status,
      dataIndex: "status",
      width: 132,
      render: (status: string, inquiry) => (
        <Flex vertical align="flex-start" gap={4}>
          <StatusTag status={status} />
          {inquiry.overdue ? <OverdueMark /> : null}
        </Flex>
      ),
    },
    {
      title: T.columns.assignee,
      dataIndex: "assignee",
      width: 116,
      render: (assignee: InquirySummary["assignee"]) =>
        assignee ? <Typography.Text>{assignee.name}</Typography.Text> : <Typography.Text type="secondary">{T.unassigned}</Typography.Text>,
    },
    {
      title: T.columns.contact,
      key: "contact",
      width: 200,
      render: (_, inquiry) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <a href={`mailto:${inquiry.email}`} style={{ overflowWrap: "anywhere" }}>
            <MailOutlined /> {inquiry.email}
          </a>
          {inquiry.phone ? (
            <a href={telHref(inquiry.phone)} style={{ whiteSpace: "nowrap" }}>
              <PhoneOutlined /> {inquiry.phone}
            </a>
          ) : (
            <Typography.Text type="secondary">{T.noPhone}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: T.columns.services,
      dataIndex: "servicesInterested",
      width: 140,
      render: (services: string[]) => (
        <Flex gap={4} wrap>
          {services.map((service) => (
            <Tag key={service} style={{ marginInlineEnd: 0 }}>
              {service}
            </Tag>
          ))}
        </Flex>
      ),
    },
    // The notes are the desk's work: their count shows to those whose role works inquiries.
    ...(mayWork
      ? [
          {
            title: T.columns.notes,
            dataIndex: "noteCount",
            width: 72,
            render: (noteCount: number) => (
              <Typography.Text type={noteCount ? undefined : "secondary"} style={{ whiteSpace: "nowrap" }} data-testid="note-count">
                <CommentOutlined aria-hidden /> {noteCount}
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      title: <span className="visually-hidden">{T.columns.actions}</span>,
      key: "actions",
      width: 60,
      fixed: "right", // stays on screen when the table scrolls sideways (tablets, phones)
      render: (_, inquiry) => (
        <Tooltip title={T.open}>
          <Button icon={<EyeOutlined />} onClick={() => open(inquiry)} aria-label={T.openLabel(inquiry.name)} />
        </Tooltip>
      ),
    },
  ];
}
