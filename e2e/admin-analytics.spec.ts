import { devices } from "@playwright/test";
import { expectAccessible, openAdmin } from "./admin-fixtures";
import { E2E_BASE_URL } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * First-party analytics (issue 25): a visitor from a campaign link who reads a service page and sends
 * an inquiry shows on the Analytics screen as one visitor, and one conversion for that service and that
 * campaign, with no cookie and nothing stored in the browser. (The other specs' browsers send
 * Do Not Track, playwright.config.ts: their visits are not counted.)
 */
test("a campaign visit through a service page to a sent inquiry is one visitor and one conversion on the Analytics screen", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const campaign = `spring-e2e-${process.pid}`;
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    userAgent: devices["Desktop Chrome"].userAgent,
    viewport: { width: 1280, height: 860 },
    extraHTTPHeaders: {},
  });
  const visitor = await context.newPage();
  const counted: string[] = [];
  visitor.on("request", (request) => {
    if (request.url().endsWith("/api/visit")) counted.push(JSON.parse(request.postData() ?? "{}").kind as string);
  });
  // What the page itself sends, in order, with the field that had the focus when it sent it: a "Form
  // started" caused by the landing would be sent while the ticked service holds the focus.
  await visitor.addInitScript(() => {
    const sent: Array<{ kind: string; focus: string | null }> = [];
    (window as unknown as { visitBeacons: typeof sent }).visitBeacons = sent;
    const original = window.fetch;
    window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      if (String(input).endsWith("/api/visit")) {
        const focused = document.activeElement;
        sent.push({ kind: JSON.parse(String(init?.body ?? "{}")).kind, focus: focused?.getAttribute("name") ?? focused?.tagName ?? null });
      }
      return original.call(this, input, init);
    } as typeof window.fetch;
  });
  const startsSent = () =>
    visitor.evaluate(() =>
      (window as unknown as { visitBeacons: Array<{ kind: string; focus: string | null }> }).visitBeacons
        .filter((beacon) => beacon.kind === "start")
        .map((beacon) => beacon.focus),
    );
  try {
    await visitor.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}&fbclid=should-not-travel`);
    await waitForHydration(visitor);
    await visitor.getByRole("link", { name: "Learn more about Ozone Therapy" }).click();
    await expect(visitor).toHaveURL(/\/services\/ozone-therapy$/);
    await visitor.getByRole("main").getByRole("link", { name: "Book This Service" }).click();
    await expect(visitor).toHaveURL(/\/contact\?service=ozone-therapy#contact-form$/);
    const form = visitor.locator("#contact-form");
    // Issue 36: the page lands on the ticked service (the focus moves there); that is no start of the form.
    await expect(form.getByRole("checkbox", { name: "Ozone Therapy" })).toBeFocused();
    await form.getByLabel("Full Name").pressSequentially("Campaign Visitor", { delay: 30 });
    // One start, sent from the visitor's own field (a landing's would have come first, from the checkbox, and been the only one).
    await expect.poll(startsSent).toEqual(["name"]);
    await form.getByLabel("Email Address").pressSequentially("campaign.visitor@example.com", { delay: 30 });
    await form.getByLabel("Mobile Phone").pressSequentially("801-555-0177", { delay: 30 });
    await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
    await form.getByRole("checkbox", { name: /HIPAA Authorization/ }).check();
    await form.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(visitor.getByText("Message sent successfully!").first()).toBeVisible();
    await expect.poll(() => counted).toEqual(["view", "view", "view", "start", "sent"]);

    // Nothing kept in the visitor's browser, on these pages or any other public page.
    for (const path of ["/about", "/services", "/news", "/privacy", "/terms", "/hipaa-authorization", "/no-such-page"]) {
      await visitor.goto(path);
      await waitForHydration(visitor);
      expect(await context.cookies(), path).toEqual([]);
      expect(await visitor.evaluate(() => localStorage.length + sessionStorage.length + document.cookie.length), path).toBe(0);
    }
  } finally {
    await context.close();
  }

  await openAdmin(page, "/analytics");
  await page.getByText("Last 7 days", { exact: true }).click();
  const campaigns = page.getByTestId("analytics-campaigns");
  const row = campaigns.getByRole("row", { name: new RegExp(campaign) });
  // Campaign, Visitors, Inquiries sent, Conversion
  await expect(row.getByRole("cell")).toHaveText([campaign, "1", "1", "100%"]);
  const ozone = page.getByTestId("analytics-funnel").getByRole("row", { name: /Ozone Therapy/ });
  // Service, Visitors, Contact page, Form started, Inquiries sent, Conversion
  await expect(ozone.getByRole("cell")).toHaveText(["Ozone Therapy", "1", "1", "1", "1", "100%"]);
  await expect(
    page
      .getByTestId("analytics-sources")
      .getByRole("row", { name: /newsletter/ })
      .getByRole("cell"),
  ).toHaveText(["newsletter", "1", "1", "100%"]);
  await expect(page.getByTestId("analytics-chart").locator("canvas")).toBeVisible();
  await expectAccessible(page);

  // The CSV of what the screen shows.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text).toContain(`"campaign","${campaign}",0,1,1,1`);
  expect(text).toContain(`"Ozone Therapy",1,1,1,1,1`);
  expect(text).not.toContain("fbclid");

  // On a phone the screen fits its width: the periods and the wide tables scroll inside themselves.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("analytics-funnel")).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
