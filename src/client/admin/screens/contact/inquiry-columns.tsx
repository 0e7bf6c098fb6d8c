import { CommentOutlined, EyeOutlined, MailOutlined, MedicineBoxOutlined, MessageOutlined, PhoneOutlined } from "@ant-design/icons";
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { I } from "../../text-inquiries";
import { submittedAt } from "./format";
import { EmailAddress, LanguageMark, OverdueMark, StatusTag, telHref, type InquirySummary } from "./parts";

const T = I.desk;

/**
 * How much the desk's row folds to fit its width (issue 36: no cell over another, no address broken
 * inside a word, from a tablet up):
 * - "wide": a column each: received, name, status, assignee, e-mail and phone, services, language, notes;
 * - "folded" (a laptop's 1366 px): the assignee and the notes under the status, the services under the name;
 * - "narrow" (a tablet, 768-1199 px, and a phone): the received time under the name too.
 * Open stays last, and the table never needs to scroll sideways from a tablet up (on a phone it does, Open
 * pinned to the right edge).
 */
export type DeskFit = "wide" | "folded" | "narrow";

/** Tags that wrap their words inside the cell instead of running over the next one. */
const WRAPPING_TAG = { marginInlineEnd: 0, whiteSpace: "normal", maxWidth: "100%", overflowWrap: "break-word" } as const;

function Received({ createdAt }: { createdAt: Date }) {
  return (
    <time dateTime={createdAt.toISOString()} data-testid="submitted-at">
      {submittedAt(createdAt)}
    </time>
  );
}

function Services({ services }: { services: string[] }) {
  return (
    <Flex gap={4} wrap>
      {services.map((service) => (
        <Tag key={service} style={WRAPPING_TAG}>
          {service}
        </Tag>
      ))}
    </Flex>
  );
}

function Assignee({ assignee }: { assignee: InquirySummary["assignee"] }) {
  return assignee ? (
    <Typography.Text style={{ overflowWrap: "break-word" }}>{assignee.name}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">{T.unassigned}</Typography.Text>
  );
}

function NoteCount({ count }: { count: number }) {
  return (
    <Typography.Text type={count ? undefined : "secondary"} style={{ whiteSpace: "nowrap" }}>
      <CommentOutlined aria-hidden /> <span data-testid="note-count">{T.noteCount(count)}</span>
    </Typography.Text>
  );
}

function NameCell({ inquiry, fit }: { inquiry: InquirySummary; fit: DeskFit }) {
  return (
    <Flex vertical align="flex-start" gap={4} style={{ minWidth: 0, maxWidth: "100%" }}>
      {fit === "narrow" ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Received createdAt={inquiry.createdAt} />
        </Typography.Text>
      ) : null}
      <Typography.Text strong style={{ overflowWrap: "break-word", maxWidth: "100%" }}>
        {inquiry.name}
      </Typography.Text>
      {inquiry.hasHealthDetails || inquiry.optInTexting ? (
        <Flex gap={4} wrap>
          {inquiry.hasHealthDetails ? (
            <Tooltip title={T.healthTip}>
              <Tag
                icon={<MedicineBoxOutlined />}
                style={{ ...WRAPPING_TAG, color: "#391085", background: "#f9f0ff", borderColor: "#d3adf7" }}
              >
                {T.healthTag}
              </Tag>
            </Tooltip>
          ) : null}
          {/* admin-portal.md section 2: opt-in texting is shown only when given. */}
          {inquiry.optInTexting ? (
            <Tooltip title={T.textingTip}>
              <Tag icon={<MessageOutlined />} style={WRAPPING_TAG}>
                {T.textingTag}
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ) : null}
      {fit === "wide" ? null : <Services services={inquiry.servicesInterested} />}
    </Flex>
  );
}

/**
 * The desk's columns (see DeskFit): received, name (with a health-details and an opt-in-texting mark),
 * status (and overdue), assignee, contact, services, language, the notes' count for a role that works
 * inquiries, and Open.
 */
export function inquiryColumns({
  mayWork,
  open,
  fit = "wide",
  scrolls = false,
}: {
  mayWork: boolean;
  open: (inquiry: InquirySummary) => void;
  fit?: DeskFit;
  /** The table scrolls sideways (a phone): Open stays on screen, over the row. */
  scrolls?: boolean;
}): TableColumnsType<InquirySummary> {
  const wide = fit === "wide";
  return [
    ...(fit === "narrow"
      ? []
      : [
          {
            title: T.columns.received,
            dataIndex: "createdAt",
            width: 124,
            render: (createdAt: Date) => <Received createdAt={createdAt} />,
          },
        ]),
    {
      title: T.columns.name,
      dataIndex: "name",
      render: (_: string, inquiry: InquirySummary) => <NameCell inquiry={inquiry} fit={fit} />,
    },
    {
      title: T.columns.status,
      dataIndex: "status",
      width: wide ? 128 : 140,
      render: (status: string, inquiry: InquirySummary) => (
        <Flex vertical align="flex-start" gap={4}>
          <StatusTag status={status} />
          {inquiry.overdue ? <OverdueMark /> : null}
          {wide ? null : (
            <>
              <Assignee assignee={inquiry.assignee} />
              {mayWork ? <NoteCount count={inquiry.noteCount} /> : null}
            </>
          )}
        </Flex>
      ),
    },
    ...(wide
      ? [
          {
            title: T.columns.assignee,
            dataIndex: "assignee",
            width: 116,
            render: (assignee: InquirySummary["assignee"]) => <Assignee assignee={assignee} />,
          },
        ]
      : []),
    {
      title: T.columns.contact,
      key: "contact",
      width: fit === "narrow" ? 180 : 200,
      render: (_: unknown, inquiry: InquirySummary) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          {/* The address breaks before its "@" only; a part too long for the cell ends in "...", the whole in the tooltip. */}
          <Tooltip title={inquiry.email}>
            <a href={`mailto:${inquiry.email}`} className="email-link" data-testid="inquiry-email" aria-label={inquiry.email}>
              <MailOutlined />
              <span className="email-address">
                <EmailAddress email={inquiry.email} shorten />
              </span>
            </a>
          </Tooltip>
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
    ...(wide
      ? [
          {
            title: T.columns.services,
            dataIndex: "servicesInterested",
            width: 150,
            render: (services: string[]) => <Services services={services} />,
          },
        ]
      : []),
    {
      title: T.columns.language,
      dataIndex: "language",
      width: 112,
      render: (language: InquirySummary["language"]) => <LanguageMark language={language} />,
    },
    // The notes are the desk's work: their count shows to those whose role works inquiries.
    ...(mayWork && wide
      ? [
          {
            title: T.columns.notes,
            dataIndex: "noteCount",
            width: 100,
            render: (noteCount: number) => <NoteCount count={noteCount} />,
          },
        ]
      : []),
    {
      title: <span className="visually-hidden">{T.columns.actions}</span>,
      key: "actions",
      width: 64,
      ...(scrolls ? { fixed: "right" as const } : {}),
      render: (_: unknown, inquiry: InquirySummary) => (
        <Tooltip title={T.open}>
          <Button icon={<EyeOutlined />} onClick={() => open(inquiry)} aria-label={T.openLabel(inquiry.name)} />
        </Tooltip>
      ),
    },
  ];
}
