import { EditOutlined, FileImageOutlined, FormOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Col, Flex, Row, Skeleton, Space, Statistic, Typography } from "antd";
import { Link } from "wouter";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import { useLiveInquiries } from "../../live";
import type { Outputs } from "../../outputs";
import { useAdminNavigate } from "../../navigation";
import { roleLabelOf, useMayOpen } from "../../permissions";
import { useSession } from "../../session";
import { A } from "../../text";
import { MailAlerts } from "./MailAlerts";

/**
 * Dashboard (admin-portal.md section 2): the welcome line, a count card per area linking to it, the
 * Users card, and the quick actions: each only where the user's role may open the screen it leads to. Counts come from one query. Two cards
 * lead to the inquiry desk filtered: New inquiries, and Overdue ones (still New after 24 hours), which
 * turns red while there are any. Those two come first and large ("Waiting for you", issue 25): what
 * needs doing, above the site's counts ("Your website"), which weigh less.
 */
const CARDS = [
  { key: "services", href: "/services", label: A.dashboard.cards.services },
  { key: "team", href: "/team", label: A.dashboard.cards.team },
  { key: "testimonials", href: "/testimonials", label: A.dashboard.cards.testimonials },
  { key: "news", href: "/news", label: A.dashboard.cards.news },
  { key: "content", href: "/content", label: A.dashboard.cards.content },
  { key: "images", href: "/images", label: A.dashboard.cards.images },
  { key: "social", href: "/social-media", label: A.dashboard.cards.social },
  { key: "contact", href: "/contact", label: A.dashboard.cards.contact },
  // The inquiry desk, filtered: New ones, and the oldest New first (the overdue ones, which stand out there).
  { key: "newInquiries", href: "/contact?status=new", label: A.dashboard.cards.newInquiries, hint: A.dashboard.newHint },
  {
    key: "overdueInquiries",
    href: "/contact?status=new&sort=oldest",
    label: A.dashboard.cards.overdueInquiries,
    hint: A.dashboard.overdueHint,
    alert: true,
  },
] as const;

const QUICK_ACTIONS = [
  { href: "/services/new", label: A.dashboard.addService, icon: <PlusOutlined /> },
  { href: "/news/new", label: A.dashboard.writeArticle, icon: <FormOutlined /> },
  { href: "/content", label: A.dashboard.editContent, icon: <EditOutlined /> },
  { href: "/images", label: A.dashboard.manageImages, icon: <FileImageOutlined /> },
];

type DashboardCard = { key: (typeof CARDS)[number]["key"] | "users"; href: string; label: string; hint?: string; alert?: boolean };

export default function DashboardScreen() {
  const session = useSession();
  const counts = trpc.system.dashboard.useQuery();
  const navigate = useAdminNavigate();
  const user = session.data;
  const mayOpen = useMayOpen();
  // A card or a quick action shows when its screen opens for the user's role (the screen table decides).
  const cards = ([...CARDS, { key: "users", href: "/users", label: A.dashboard.cards.users }] as DashboardCard[]).filter((card) =>
    mayOpen(card.href),
  );
  const toDo = cards.filter((card) => TO_DO.has(card.key));
  const site = cards.filter((card) => !TO_DO.has(card.key));
  const actions = QUICK_ACTIONS.filter((action) => mayOpen(action.href));
  // Between a sign-in and the session's first answer (a second factor's sign-in replaces the cached
  // session) there is no user to greet yet: nothing rather than a crash.
  if (!user) return null;

  return (
    <>
      <PageHeader
        subtitle={
          user.firstSignIn
            ? A.dashboard.firstWelcome(user.username, roleLabelOf(user))
            : A.dashboard.welcome(user.username, roleLabelOf(user))
        }
      />
      <MailAlerts />
      <QueryState query={counts} failed={A.dashboard.countsFailed} loading={<CountGroups toDo={toDo} site={site} counts={null} />}>
        {(data) => <CountGroups toDo={toDo} site={site} counts={data} />}
      </QueryState>
      {actions.length > 0 ? (
        <Card title={A.dashboard.quickActions} style={{ marginTop: 24 }}>
          <Space wrap>
            {actions.map((action, index) => (
              <Button key={action.href} type={index === 0 ? "primary" : undefined} icon={action.icon} onClick={() => navigate(action.href)}>
                {action.label}
              </Button>
            ))}
          </Space>
        </Card>
      ) : null}
    </>
  );
}

/** The cards of what needs doing (the inquiries), first and large. */
const TO_DO = new Set<DashboardCard["key"]>(["newInquiries", "overdueInquiries"]);
type Counts = Outputs["system"]["dashboard"] | null;

/** What needs doing, then the site's counts; a group the role has no card of is left out. */
function CountGroups({ toDo, site, counts: read }: { toDo: DashboardCard[]; site: DashboardCard[]; counts: Counts }) {
  // New and Contact Inquiries follow the live counts (live.tsx: as they change, and as the user's role sees them), like the menu's.
  const { newCount, totalCount } = useLiveInquiries();
  const counts = read
    ? { ...read, ...(newCount !== null ? { newInquiries: newCount } : {}), ...(totalCount !== null ? { contact: totalCount } : {}) }
    : read;
  return (
    <Flex vertical gap={24}>
      {toDo.length > 0 ? (
        <section aria-labelledby="dashboard-to-do">
          <Typography.Title level={3} id="dashboard-to-do" style={{ fontSize: 18 }}>
            {A.dashboard.toDo}
          </Typography.Title>
          <CountCards cards={toDo} counts={counts} large />
        </section>
      ) : null}
      {site.length > 0 ? (
        <section aria-labelledby="dashboard-site">
          <Typography.Title level={3} id="dashboard-site" style={{ fontSize: 18 }}>
            {A.dashboard.site}
          </Typography.Title>
          <CountCards cards={site} counts={counts} />
        </section>
      ) : null}
    </Flex>
  );
}

/** A card per area with its count (a skeleton while the counts load), each a link to its area; `large`: two to a row, a bigger figure. */
function CountCards({ cards, counts, large = false }: { cards: DashboardCard[]; counts: Counts; large?: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => {
        const value = counts?.[card.key] ?? 0;
        const alert = card.alert && value > 0;
        const span = large ? { xs: 24, sm: 12 } : { xs: 24, sm: 12, lg: 8, xl: 6 };
        return (
          <Col key={card.key} {...span}>
            <Link
              href={card.href}
              className={alert ? "dashboard-card dashboard-card-alert" : "dashboard-card"}
              data-testid={`count-${card.key}`}
            >
              <Card hoverable>
                {counts === null ? (
                  <Skeleton active paragraph={false} />
                ) : (
                  <Statistic
                    title={card.label}
                    value={value}
                    styles={{ content: { ...(alert ? { color: "#a8071a" } : {}), ...(large ? { fontSize: 40 } : {}) } }}
                  />
                )}
                {card.hint ? (
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {card.hint}
                  </Typography.Text>
                ) : null}
              </Card>
            </Link>
          </Col>
        );
      })}
    </Row>
  );
}
