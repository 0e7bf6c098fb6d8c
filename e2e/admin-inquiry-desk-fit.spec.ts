import type { APIRequestContext, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { api, openAdmin, signInByApi } from "./admin-fixtures";
import { E2E_BASE_URL, formToken } from "./env";
import { expect, test } from "./fixtures";

/**
 * Issue 36 at the inquiry desk: the inquiry's language (item 3) in the list, the drawer, the filter and
 * the CSV; the table fitting a laptop's 1366 px and a tablet (item 7: no cell over another, no address
 * broken inside a word, "1 note" and "2 notes"); the dashboard's Contact Inquiries card counting live;
 * and every time shown in the clinic's time zone (Utah) by a browser in another (Asia/Tokyo).
 *
 * Inquiries of this file, all from 127.0.0.1 (the e2e server takes 60 an hour from one address): 5.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const rows = (page: Page) => page.getByTestId("inquiry-row");
const search = (page: Page) => page.getByLabel("Search submissions", { exact: true });
const ORIGIN = { Origin: E2E_BASE_URL };

interface Sent {
  id: number;
  createdAt: string;
}

/** Sends an inquiry through the public REST route, as the website's form in `language` would. */
async function send(request: APIRequestContext, fields: Record<string, unknown>): Promise<Sent> {
  const res = await request.post("/api/contact", {
    data: {
      phone: "801-555-0100",
      servicesInterested: ["Ozone Therapy"],
      availabilityDays: ["monday"],
      availabilityTimes: ["morning"],
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
      ...fields,
    },
    headers: ORIGIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id: number; createdAt: string };
  return { id: body.id, createdAt: body.createdAt };
}

async function remove(request: APIRequestContext, ids: number[]) {
  await signInByApi(request);
  for (const id of ids) await api(request, "DELETE", `/api/admin/contact/${id}`);
}

/** Picks an option of an antd Select (the open dropdown's). */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`).click();
}

test.describe("the inquiry's language", () => {
  test("a Spanish inquiry shows Spanish in the list, in the drawer and in the CSV, and the language filter finds it", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    const spanish = await send(page.request, { name: `Lucía Ortega ${id}`, email: `lucia.${id}@example.com`, language: "es" });
    const english = await send(page.request, { name: `Lucas Orton ${id}`, email: `lucas.${id}@example.com` });
    try {
      await openAdmin(page, "/contact");
      await search(page).fill(id);
      await expect(rows(page)).toHaveCount(2);
      const lucia = rows(page).filter({ hasText: `Lucía Ortega ${id}` });
      await expect(lucia.getByTestId("inquiry-language")).toHaveText("Spanish");
      await expect(
        rows(page)
          .filter({ hasText: `Lucas Orton ${id}` })
          .getByTestId("inquiry-language"),
      ).toHaveText("English");

      // The filter: Spanish finds her alone, and stays in the address.
      await choose(page, "Language", "Spanish");
      await expect(page).toHaveURL(/[?&]language=es/);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(`Lucía Ortega ${id}`);

      // The drawer says it.
      await rows(page).first().click();
      const opened = page.getByRole("dialog", { name: `Lucía Ortega ${id}` });
      await expect(opened.getByTestId("inquiry-language")).toHaveText("Spanish");
      await opened.getByRole("button", { name: "Close" }).click();
      await expect(opened).toBeHidden();

      // The CSV of the filtered list: her row, its Language column in the staff's words.
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export CSV" }).click();
      const csv = await readFile((await (await downloading).path())!, "utf8");
      const [header, ...lines] = csv.trim().split(/\r?\n/);
      const columns = header!.slice(1, -1).split('","');
      expect(lines).toHaveLength(1);
      const cells = lines[0]!.slice(1, -1).split('","');
      expect(cells[columns.indexOf("Name")]).toBe(`Lucía Ortega ${id}`);
      expect(cells[columns.indexOf("Language")]).toBe("Spanish");
    } finally {
      await remove(request, [spanish.id, english.id]);
    }
  });
});

/**
 * What the browser drew of the desk's rows (the header's too): pairs of cells of a row whose boxes
 * overlap, anything drawn outside its cell, a table wider than its card, and a line break inside a word
 * (an e-mail address may break only before its "@"; a header only at a space).
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const slack = 1;
    const table = document.querySelector(".ant-table-content, .ant-table-body") as HTMLElement | null;
    if (table && table.scrollWidth > table.clientWidth + slack)
      problems.push(`the table scrolls sideways (${table.scrollWidth} > ${table.clientWidth})`);
    /** Indexes in `text` where a new line starts, read from where each character was drawn. */
    const lineStarts = (element: Element): { text: string; starts: number[] } => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const chars: Array<{ top: number; char: string }> = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const content = node.textContent ?? "";
        for (let i = 0; i < content.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect) chars.push({ top: rect.top, char: content[i]! });
        }
      }
      const text = chars.map((c) => c.char).join("");
      const starts: number[] = [];
      for (let i = 1; i < chars.length; i += 1) if (chars[i]!.top > chars[i - 1]!.top + 4) starts.push(i);
      return { text, starts };
    };
    const rowsOf = [...document.querySelectorAll(".ant-table-thead > tr, [data-testid='inquiry-row']")];
    for (const [r, row] of rowsOf.entries()) {
      const cells = [...row.children].filter((cell) => (cell as HTMLElement).offsetParent !== null) as HTMLElement[];
      const boxes = cells.map((cell) => cell.getBoundingClientRect());
      for (let i = 0; i < boxes.length; i += 1) {
        for (let j = i + 1; j < boxes.length; j += 1) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > slack && y > slack) problems.push(`row ${r}: cells ${i} and ${j} overlap`);
        }
        // Whatever a cell holds stays inside it (a tag running into the next column is drawn over it).
        const box = boxes[i]!;
        for (const inner of cells[i]!.querySelectorAll("*")) {
          const rect = inner.getBoundingClientRect();
          if (rect.width === 0 || rect.height === 0 || inner.closest(".visually-hidden")) continue;
          if (rect.left < box.left - slack || rect.right > box.right + slack)
            problems.push(`row ${r}, cell ${i}: "${(inner.textContent ?? "").slice(0, 40)}" runs out of its cell`);
        }
        // A header breaks only at a space ("Note" over "s" reads "Note/s").
        if (row.closest(".ant-table-thead")) {
          const { text, starts } = lineStarts(cells[i]!);
          for (const at of starts)
            if (!/\s/.test(text[at - 1] ?? " ") && !/\s/.test(text[at] ?? " ")) problems.push(`header "${text}" broken mid-word`);
        }
      }
      for (const link of row.querySelectorAll("[data-testid='inquiry-email']")) {
        const { text, starts } = lineStarts(link);
        for (const at of starts) {
          const before = text.slice(0, at).trimEnd();
          // The icon's space aside, a line may start only at the "@".
          if (text[at] !== "@" && before.trim().length > 0) problems.push(`address "${text.trim()}" broken inside a word at ${at}`);
        }
      }
    }
    return problems;
  });
}

test.describe("the inquiry table fits", () => {
  test("at 1680x1050, 1366x768, 1024x768 and 768x1024 no cell overlaps another and no address breaks inside a word; notes say 1 note, 2 notes", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    const long = await send(page.request, {
      name: `Maximiliana Featherstonehaugh-Worthington ${id}`,
      email: `maximiliana.featherstonehaugh.worthington.${id}@patients.mountain-wellness-example.com`,
      servicesInterested: ["Utah Stem Cell Therapy", "Ozone Therapy", "General Consultation"],
      healthConditions: "Knee pain",
      optInTexting: true,
    });
    const short = await send(page.request, { name: `Bo Li ${id}`, email: `bo.${id}@example.com`, language: "zh" });
    try {
      await signInByApi(page.request);
      for (const text of ["Called, left a message", "Called back: booked"])
        expect((await api(page.request, "POST", `/api/admin/contact/${long.id}/notes`, { text })).status()).toBe(201);
      expect((await api(page.request, "POST", `/api/admin/contact/${short.id}/notes`, { text: "Answered in Chinese" })).status()).toBe(201);

      await page.setViewportSize({ width: 1366, height: 768 });
      await openAdmin(page, `/contact?q=${id}`);
      await expect(rows(page)).toHaveCount(2);
      const longRow = rows(page).filter({ hasText: `Maximiliana` });
      const shortRow = rows(page).filter({ hasText: `Bo Li ${id}` });
      // Proper singular and plural.
      await expect(longRow.getByTestId("note-count")).toHaveText("2 notes");
      await expect(shortRow.getByTestId("note-count")).toHaveText("1 note");
      await expect(page.getByText("Note/s")).toHaveCount(0);

      for (const viewport of [
        { width: 1680, height: 1050 },
        { width: 1366, height: 768 },
        { width: 1024, height: 768 },
        { width: 768, height: 1024 },
      ]) {
        await page.setViewportSize(viewport);
        await expect(rows(page)).toHaveCount(2);
        // Everything a row holds is on screen: the services, the language, the notes and Open.
        await expect(longRow.getByText("Utah Stem Cell Therapy")).toBeVisible();
        await expect(shortRow.getByTestId("inquiry-language")).toHaveText("Chinese");
        const openButton = (await longRow.getByRole("button", { name: /Open the inquiry/ }).boundingBox())!;
        expect(openButton.x + openButton.width).toBeLessThanOrEqual(viewport.width);
        expect(await layoutProblems(page), `${viewport.width}x${viewport.height}`).toEqual([]);
      }

      // The address shortened in the row is whole on hover, and in the opened inquiry (wrapped only at its "@" and dots).
      await page.setViewportSize({ width: 1366, height: 768 });
      const address = `maximiliana.featherstonehaugh.worthington.${id}@patients.mountain-wellness-example.com`;
      await longRow.getByTestId("inquiry-email").hover();
      await expect(page.getByRole("tooltip").filter({ hasText: address })).toBeVisible();
      await longRow.getByRole("button", { name: /Open the inquiry/ }).click();
      const opened = page.getByRole("dialog", { name: /Maximiliana/ });
      const whole = opened.getByTestId("inquiry-email");
      await expect(whole).toHaveText(address);
      const breaks = await whole.evaluate((link) => {
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        const chars: Array<{ top: number; char: string }> = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const content = node.textContent ?? "";
          for (let i = 0; i < content.length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (rect) chars.push({ top: rect.top, char: content[i]! });
          }
        }
        const found: string[] = [];
        for (let i = 1; i < chars.length; i += 1) if (chars[i]!.top > chars[i - 1]!.top + 4) found.push(chars[i]!.char);
        return found;
      });
      for (const char of breaks) expect(["@", "."]).toContain(char);
    } finally {
      await remove(request, [long.id, short.id]);
    }
  });
});

test.describe("the dashboard", () => {
  test("the Contact Inquiries card counts a new inquiry live, as New does", async ({ page, request }) => {
    const id = unique();
    await openAdmin(page, "/");
    const contact = page.getByTestId("count-contact");
    const fresh = page.getByTestId("count-newInquiries");
    const figure = async (card: typeof contact) =>
      Number(((await card.locator(".ant-statistic-content-value").textContent()) ?? "").replace(/\D/g, ""));
    await expect(contact.locator(".ant-statistic-content-value")).toBeVisible();
    const before = { contact: await figure(contact), fresh: await figure(fresh) };
    const sent = await send(page.request, { name: `Dana Live ${id}`, email: `dana.${id}@example.com` });
    try {
      await expect.poll(() => figure(fresh)).toBe(before.fresh + 1);
      await expect.poll(() => figure(contact)).toBe(before.contact + 1);
    } finally {
      await remove(request, [sent.id]);
    }
    // A deletion moves it back, as it happens.
    await expect.poll(() => figure(contact)).toBe(before.contact);
  });
});

test.describe("the clinic's time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a browser in Tokyo shows an inquiry's time in Utah, in the list and in the drawer", async ({ page, request }) => {
    const id = unique();
    const sent = await send(page.request, { name: `Kenji Time ${id}`, email: `kenji.${id}@example.com` });
    try {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Tokyo");
      const inUtah = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Denver",
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      })
        .format(new Date(sent.createdAt))
        .replace(/\u202f/g, " ");
      const inTokyo = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", minute: "2-digit" })
        .format(new Date(sent.createdAt))
        .replace(/\u202f/g, " ");
      await openAdmin(page, `/contact?q=${id}`);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first().getByTestId("submitted-at")).toHaveText(inUtah);
      expect(inUtah).not.toContain(inTokyo);
      await rows(page).first().click();
      const opened = page.getByRole("dialog", { name: `Kenji Time ${id}` });
      await expect(opened.getByTestId("submitted-at")).toHaveText(inUtah);
    } finally {
      await remove(request, [sent.id]);
    }
  });
});
