import { EditOutlined, FileImageOutlined, FormOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Col, Row, Skeleton, Space, Statistic, Typography } from "antd";
import { Link } from "wouter";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { QueryState } from "../../components/QueryState";
import type { Outputs } from "../../outputs";
import { useAdminNavigate } from "../../navigation";
import { useSession } from "../../session";
import { A } from "../../text";

/**
 * Dashboard (admin-portal.md section 2): the welcome line, a count card per area linking to it, the
 * Users card for super administrators, and the quick actions. Counts come from one query. Two cards
 * lead to the inquiry desk filtered: New inquiries, and Overdue ones (still New after 24 hours), which
 * turns red while there are any.
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
  { key: "overdueInquiries", href: "/contact?status=new&sort=oldest", label: A.dashboard.cards.overdueInquiries, hint: A.dashboard.overdueHint, alert: true },
] as const;

type DashboardCard = { key: (typeof CARDS)[number]["key"] | "users"; href: string; label: string; hint?: string; alert?: boolean };

export default function DashboardScreen() {
  const session = useSession();
  const counts = trpc.system.dashboard.useQuery();
  const navigate = useAdminNavigate();
  const user = session.data!;
  const isSuperAdmin = user.role === "super_admin";
  const cards: DashboardCard[] = isSuperAdmin ? [...CARDS, { key: "users", href: "/users", label: A.dashboard.cards.users }] : [...CARDS];

  return (
    <>
      <PageHeader
        subtitle={
          user.firstSignIn
            ? A.dashboard.firstWelcome(user.firstName || user.username, A.roles[user.role] ?? user.role)
            : A.dashboard.welcome(user.username, A.roles[user.role] ?? user.role)
        }
      />
      <QueryState query={counts} failed={A.dashboard.countsFailed} loading={<CountCards cards={cards} counts={null} />}>
        {(data) => <CountCards cards={cards} counts={data} />}
      </QueryState>
      <Card title={A.dashboard.quickActions} style={{ marginTop: 24 }}>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/services/new")}>
            {A.dashboard.addService}
          </Button>
          <Button icon={<FormOutlined />} onClick={() => navigate("/news/new")}>
            {A.dashboard.writeArticle}
          </Button>
          <Button icon={<EditOutlined />} onClick={() => navigate("/content")}>
            {A.dashboard.editContent}
          </Button>
          <Button icon={<FileImageOutlined />} onClick={() => navigate("/images")}>
            {A.dashboard.manageImages}
          </Button>
        </Space>
      </Card>
    </>
  );
}

/** A card per area with its count (a skeleton while the counts load), each a link to its area. */
function CountCards({ cards, counts }: { cards: DashboardCard[]; counts: Outputs["system"]["dashboard"] | null }) {
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => {
        const value = counts?.[card.key] ?? 0;
        const alert = card.alert && value > 0;
        return (
          <Col key={card.key} xs={24} sm={12} lg={8} xl={6}>
            <Link href={card.href} className={alert ? "dashboard-card dashboard-card-alert" : "dashboard-card"} data-testid={`count-${card.key}`}>
              <Card hoverable>
                {counts === null ? (
                  <Skeleton active paragraph={false} />
                ) : (
                  <Statistic title={card.label} value={value} styles={alert ? { content: { color: "#a8071a" } } : undefined} />
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
