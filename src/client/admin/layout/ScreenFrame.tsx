import { Button, Result } from "antd";
import { useEffect, useMemo } from "react";
import { useClinic } from "../clinic";
import { PageHeader } from "../components/PageHeader";
import { CurrentScreenContext } from "../current-screen";
import { titleWithCount, useLiveInquiries } from "../live";
import { useFeedback } from "../feedback";
import { useAdminNavigate } from "../navigation";
import { permissionLabel, permissionsOf, roleNameOf } from "../permissions";
import { mayOpen, type AdminScreen } from "../routes";
import type { AdminUser } from "../session";
import { A } from "../text";
import { R } from "../text-roles";

/**
 * One screen of the table (routes.tsx) as a route shows it: its page title in the browser tab and as
 * the heading PageHeader shows, and the screen itself for a user whose role holds its permission;
 * anyone else (a page opened by its address) is told why (their role, and what the page needs, in plain
 * words), in the page, without the screen ever reading anything (the server would refuse it anyway).
 */
export function ScreenFrame({ entry, user, params }: { entry: AdminScreen; user: AdminUser; params: Record<string, string | undefined> }) {
  const shortName = useClinic().shortName;
  const current = useMemo(() => ({ path: entry.path, title: entry.title }), [entry]);
  const { newCount } = useLiveInquiries();
  useEffect(() => {
    document.title = titleWithCount(`${entry.title} | Admin | ${shortName}`, newCount);
  }, [entry.title, shortName, newCount]);

  const Screen = entry.screen;
  return (
    <CurrentScreenContext.Provider value={current}>
      {mayOpen(entry, permissionsOf(user)) ? <Screen params={params} /> : <Denied denied={entry.denied ?? deniedFor(entry, user)} />}
    </CurrentScreenContext.Provider>
  );
}

function deniedFor(entry: AdminScreen, user: AdminUser): NonNullable<AdminScreen["denied"]> {
  return {
    title: A.denied.title,
    text: entry.permission ? R.denied.text(roleNameOf(user), permissionLabel(entry.permission)) : A.denied.text,
  };
}

function Denied({ denied }: { denied: NonNullable<AdminScreen["denied"]> }) {
  const navigate = useAdminNavigate();
  const feedback = useFeedback();
  useEffect(() => {
    if (denied.toast) feedback.error(denied.title);
  }, [denied, feedback]);
  return (
    <>
      <PageHeader />
      <Result
        status="403"
        title={denied.title}
        subTitle={denied.text}
        extra={
          <Button type="primary" onClick={() => navigate("/dashboard")}>
            {A.denied.back}
          </Button>
        }
      />
    </>
  );
}
