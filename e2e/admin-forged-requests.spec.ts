import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { request as playwrightRequest, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { api, createStaffUser, signInByApi } from "./admin-fixtures";
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT, formToken } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Issue 20, item 1: nothing that changes state, logs an access or produces an export answers a request
 * the browser made on its own. A plain admin publishes an article whose body points pictures at
 * /api/admin/backup, /api/admin/contact/ID and /api/admin/contact/export; a super admin reads it.
 * Two layers: (i) the sanitiser drops those addresses on save, so the page asks for nothing; (ii) even
 * when the super admin's browser does ask for them (pictures and links on our own pages, typed
 * addresses, and pictures, links and auto-submitting forms on another site, served here by a tiny
 * node server), the server refuses every one before it runs: no backup, no inquiry opened, nothing
 * in the activity log or the inquiry's access history. The same browser's own fetch still works.
 *
 * Sends one inquiry (the e2e server takes 8 an hour from 127.0.0.1; see admin-inquiries.spec.ts).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A page of another origin: the same host on another port (same site: the Strict cookie still goes) or `localhost` (another site). */
async function attackerSite(inquiryId: number): Promise<{ server: Server; port: number }> {
  const target = E2E_BASE_URL;
  const html = `<!DOCTYPE html><html><head><title>Win a prize</title></head><body>
<img src="${target}/api/admin/backup" alt="a">
<img src="${target}/api/admin/contact/${inquiryId}" alt="b">
<img src="${target}/api/admin/contact/export" alt="c">
<img src="${target}/trpc/contact.byId?input=${encodeURIComponent(JSON.stringify({ id: inquiryId }))}" alt="d">
<a id="link" href="${target}/api/admin/contact/${inquiryId}">See the prize</a>
<iframe name="sink" title="sink"></iframe>
<form id="get-form" method="get" action="${target}/api/admin/backup" target="sink"></form>
<form id="post-form" method="post" action="${target}/api/admin/contact/${inquiryId}/notes" target="sink" enctype="text/plain">
  <input name='{"content":"forged","x":"' value='"}'>
</form>
<script>
  document.getElementById("get-form").submit();
  setTimeout(() => document.getElementById("post-form").submit(), 50);
</script>
</body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** What the server has recorded about the super admin's acts and the inquiry's openings. */
async function traces(checker: APIRequestContext, adminId: number, inquiryId: number) {
  const log = await checker.get(`/api/admin/activity?adminId=${adminId}&pageSize=100`);
  expect(log.status()).toBe(200);
  const { total, items } = (await log.json()) as { total: number; items: Array<{ action: string }> };
  const history = await checker.get(`/api/admin/contact/${inquiryId}/history`);
  expect(history.status()).toBe(200);
  const backups = await checker.get("/api/admin/activity?action=backup&pageSize=1");
  return {
    acts: total,
    actions: items.map((i) => i.action),
    openings: ((await history.json()) as unknown[]).length,
    backups: ((await backups.json()) as { total: number }).total,
  };
}

/**
 * Watches the requests the browser sends to the e2e server's /api/admin or /trpc: each one's path and,
 * once done, the status it got (null when the browser withheld the answer, e.g. Chromium's opaque
 * response blocking of a JSON answer to another site's picture, or a frame that may not show it).
 */
function watchBackOffice(page: Page) {
  const done: Array<{ url: string; status: number | null }> = [];
  const mine = (request: Request) => {
    const url = new URL(request.url());
    return url.port === String(E2E_PORT) && (url.pathname.startsWith("/api/admin") || url.pathname.startsWith("/trpc"))
      ? url.pathname
      : null;
  };
  const finished = async (request: Request) => {
    const url = mine(request);
    if (url) done.push({ url, status: (await request.response())?.status() ?? null });
  };
  const failed = (request: Request) => {
    const url = mine(request);
    if (url) done.push({ url, status: null });
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", failed);
  return {
    done,
    /** Waits until a request to each path has finished. */
    async settled(paths: string[]) {
      await expect.poll(() => paths.filter((path) => !done.some((d) => d.url === path)), { timeout: 15_000 }).toEqual([]);
    },
    stop() {
      page.off("requestfinished", finished);
      page.off("requestfailed", failed);
    },
  };
}

test("pictures, links and forms aimed at the back office run no backup, open no inquiry, export nothing and log nothing", async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000); // three browser contexts, an article, an attacker's site and their traces on a busy machine
  // Refused pictures and frames are console errors by design here.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 403/);
  consoleGuard.allow(/X-Frame-Options|frame-ancestors/);
  // Chromium asks for /favicon.ico after showing a typed JSON address (the site's icon is /favicon.svg).
  consoleGuard.allow(/status of 404/);
  // A request that reaches the back office without the session (another site: the Strict cookie stays
  // home) is refused as not signed in: a refusal too, and the traces below show nothing happened.
  consoleGuard.allow(/status of 401/);
  const id = unique();
  const checker = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  await signInByApi(checker, E2E_ADMIN);
  const superAdmin = await createStaffUser(checker, "super_admin");
  const plainAdmin = await createStaffUser(checker, "admin");

  // An inquiry to aim at.
  const sent = await checker.post("/api/contact", {
    headers: { Origin: E2E_BASE_URL },
    data: {
      name: `Forge Target ${id}`,
      email: `forge.${id}@example.com`,
      phone: "801-555-0177",
      servicesInterested: ["Ozone Therapy"],
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
    },
  });
  expect(sent.status()).toBe(201);
  const found = await checker.get(`/api/admin/contact?search=${encodeURIComponent(`forge.${id}@example.com`)}`);
  const inquiryId = ((await found.json()) as Array<{ id: number }>)[0]!.id;

  // (i) A plain admin publishes the article: the sanitiser keeps none of those addresses.
  const author = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  await signInByApi(author, plainAdmin);
  const slug = `forged-pictures-${id}`;
  const body =
    `<p>Our new treatment room.</p><img src="/api/admin/backup" alt="room 1"><img src="/api/admin/contact/${inquiryId}" alt="room 2">` +
    `<img src="/api/admin/contact/export" alt="room 3"><img src="/uploads/../api/admin/backup" alt="room 4"><img src="/images/logo.svg" alt="our logo">` +
    `<p><a href="/api/admin/backup">Download our brochure</a></p>`;
  const created = await api(author, "POST", "/api/admin/news", {
    title: `Forged pictures ${id}`,
    slug,
    summary: "A new room.",
    content: body,
    isPublished: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()) as { id: number; content: string };
  expect(article.content).not.toMatch(/src="[^"]*api\/admin/);
  expect(article.content).toContain('<img src="/images/logo.svg" alt="our logo" />');

  try {
    // The super admin's browser session.
    await signInByApi(page.request, superAdmin);
    const before = await traces(checker, superAdmin.id, inquiryId);

    // Reading the article asks the back office for nothing.
    const reading = watchBackOffice(page);
    await page.goto(`/news/${slug}`);
    await expect(page.getByRole("img", { name: "our logo" })).toBeVisible();
    await expect(page.getByRole("img", { name: "room 1" })).toHaveCount(1);
    await waitForHydration(page);
    reading.stop();
    expect(reading.done.filter((r) => r.url.startsWith("/api/admin"))).toEqual([]);

    // (ii) Even when the browser asks by itself, the server refuses: pictures on our own page...
    const forged = watchBackOffice(page);
    {
      const statuses = await page.evaluate(
        async (urls) => {
          const load = (src: string) =>
            new Promise<string>((resolve) => {
              const img = new Image();
              img.onload = () => resolve("loaded");
              img.onerror = () => resolve("refused");
              img.src = src;
              document.body.append(img);
            });
          return Promise.all(urls.map(load));
        },
        [
          "/api/admin/backup",
          `/api/admin/contact/${inquiryId}`,
          "/api/admin/contact/export",
          `/trpc/contact.byId?input=${encodeURIComponent(JSON.stringify({ id: inquiryId }))}`,
        ],
      );
      expect(statuses).toEqual(["refused", "refused", "refused", "refused"]);
      // ...a link on our page, followed (a same-origin navigation, as a click on a link in an article).
      const link = await page.evaluate((href) => {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = "brochure";
        a.id = "forged-link";
        document.querySelector("main")!.append(a);
        return a.id;
      }, `/api/admin/contact/${inquiryId}`);
      const navigation = page.waitForResponse((r) => r.url().endsWith(`/api/admin/contact/${inquiryId}`));
      await page.locator(`#${link}`).click();
      expect((await navigation).status()).toBe(403);
      // ...and the addresses typed into the bar.
      for (const path of ["/api/admin/backup", "/api/admin/contact/export", `/api/admin/contact/${inquiryId}`]) {
        const typed = await page.goto(path);
        expect(typed!.status()).toBe(403);
        expect(await typed!.json()).toEqual({ message: "Request refused: the browser did not send it from this site's own pages" });
      }
    }
    forged.stop();
    expect(forged.done.length).toBeGreaterThanOrEqual(8);
    // A request the browser gave up (status null: the typed address's navigation superseded the link's
    // before its body arrived) was answered nothing; what the server did is checked from its traces below.
    expect(forged.done.filter((r) => r.status !== 403 && r.status !== null)).toEqual([]);

    // Another origin: the same host on another port (same site, so even a Strict cookie goes along:
    // the server's guard alone refuses), and `localhost` (another site: no cookie at all).
    const attacker = await attackerSite(inquiryId);
    try {
      for (const host of ["127.0.0.1", "localhost"]) {
        const crossOrigin = watchBackOffice(page);
        await page.goto(`http://${host}:${attacker.port}/`);
        // The auto-submitted POST lands in a frame of another site; Chromium does not always report its
        // end to the page (the server's refusal is in its log, and the traces below cover it).
        const posted = host === "127.0.0.1" ? [`/api/admin/contact/${inquiryId}/notes`] : [];
        await crossOrigin.settled([
          "/api/admin/backup",
          `/api/admin/contact/${inquiryId}`,
          "/api/admin/contact/export",
          "/trpc/contact.byId",
          ...posted,
        ]);
        const followed = page.waitForResponse((r) => r.url() === `${E2E_BASE_URL}/api/admin/contact/${inquiryId}`);
        await page.locator("#link").click();
        expect((await followed).status(), host).toBe(403);
        crossOrigin.stop();
        expect(
          crossOrigin.done.filter((r) => r.status !== 403 && r.status !== null),
          host,
        ).toEqual([]);
      }
    } finally {
      await new Promise((resolve) => attacker.server.close(resolve));
    }

    // Nothing happened in the super admin's name: no backup, no opening, no export, no note.
    const after = await traces(checker, superAdmin.id, inquiryId);
    expect(after).toEqual(before);

    // The session was live all along: the site's own script, in the same browser, opens the inquiry.
    await page.goto("/admin/dashboard");
    const own = await page.evaluate(async (inquiry) => (await fetch(`/api/admin/contact/${inquiry}`)).status, inquiryId);
    expect(own).toBe(200);
    const opened = await traces(checker, superAdmin.id, inquiryId);
    expect(opened.openings).toBe(before.openings + 1);
    expect(opened.acts).toBeGreaterThan(before.acts);
  } finally {
    await api(checker, "DELETE", `/api/admin/news/${article.id}`);
    await api(checker, "DELETE", `/api/admin/contact/${inquiryId}`);
    await api(checker, "DELETE", `/api/admin/users/${superAdmin.id}`);
    await api(checker, "DELETE", `/api/admin/users/${plainAdmin.id}`);
    await checker.dispose();
    await author.dispose();
  }
});
