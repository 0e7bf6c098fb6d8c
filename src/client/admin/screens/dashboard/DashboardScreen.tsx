import { EditOutlined, FileImageOutlined, FormOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Row, Skeleton, Space, Statistic } from "antd";
import { Link } from "wouter";
import { trpc } from "../../../lib/trpc";
import { PageHeader } from "../../components/PageHeader";
import { useAdminNavigate } from "../../navigation";
import { useSession } from "../../session";
import { A } from "../../text";

/**
 * Dashboard (admin-portal.md section 2): the welcome line, a count card per area linking to it, the
 * Users card for super administrators, and the quick actions. Counts come from one query.
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
] as const;

export default function DashboardScreen() {
  const session = useSession();
  const counts = trpc.system.dashboard.useQuery();
  const navigate = useAdminNavigate();
  const user = session.data!;
  const isSuperAdmin = user.role === "super_admin";
  const cards = isSuperAdmin ? [...CARDS, { key: "users", href: "/users", label: A.dashboard.cards.users } as const] : CARDS;

  return (
    <>
      <PageHeader title={A.nav.dashboard} subtitle={A.dashboard.welcome(user.username, A.roles[user.role] ?? user.role)} />
      {counts.isError ? <Alert type="error" showIcon title={counts.error.message} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} sm={12} lg={8} xl={6}>
            <Link href={card.href} className="dashboard-card" data-testid={`count-${card.key}`}>
              <Card hoverable>
                {counts.isPending ? <Skeleton active paragraph={false} /> : <Statistic title={card.label} value={counts.data?.[card.key] ?? 0} />}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
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
