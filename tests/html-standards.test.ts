import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import vnu from "vnu-jar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Every public page, as the built server sends it (inline stylesheets and the script loader included),
 * through the W3C Nu HTML checker (the `vnu-jar` package; Java runs it): no error on any page. Warnings are not failures (the checker warns, for one, about
 * sections without a heading, which are a design choice, not a fault).
 */
let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp({ web: "build" });
  folder = mkdtempSync(path.join(tmpdir(), "clinic-vnu-"));
  // An uploaded picture as the home hero and the first service's image: the pages then carry the
  // responsive <picture> markup and the hero's preload link, which the checker reads too.
  const cookie = await t.cookieFor(await t.createAdmin());
  const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: "#2a6f73" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("image", new File([new Uint8Array(photo)], "lobby.jpg", { type: "image/jpeg" }));
  const { imageUrl } = await (await t.request("/api/admin/team/upload-image", { form, cookie })).json();
  const [service] = await (await t.request("/api/admin/services", { cookie })).json();
  const { id, title, slug, shortDescription, description } = service;
  expect(
    (
      await t.request(`/api/admin/services/${id}`, {
        method: "PUT",
        json: { title, slug, shortDescription, description, imageAlt: "The lobby", imageUrl },
        cookie,
      })
    ).status,
  ).toBe(200);
  const images: Array<{ id: number; section: string }> = await (await t.request("/api/admin/images?page=home", { cookie })).json();
  const hero = images.find((image) => image.section === "hero")!;
  expect(
    (
      await t.request(`/api/admin/images/${hero.id}`, {
        method: "PUT",
        json: { imageUrl, altText: "The lobby", seoFilename: "clinic-lobby", isVisible: true },
        cookie,
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe("the W3C Nu HTML checker", () => {
  it("finds no error on any public page", async () => {
    const services: Array<{ slug: string }> = await (await t.request("/api/services")).json();
    const news: Array<{ slug: string; externalUrl: string | null }> = await (await t.request("/api/news")).json();
    const article = news.find((a) => !a.externalUrl);
    // The REST mirror's reference page (/api/docs) is a public page too.
    const pages = [
      "/",
      "/services",
      `/services/${services[0]!.slug}`,
      "/about",
      "/news",
      `/news/${article!.slug}`,
      "/contact",
      "/privacy",
      "/terms",
      "/hipaa-authorization",
      "/no-such-page",
    ];
    // Each page in Spanish and Chinese too (issue 27: their own words, lang and alternates).
    const inLanguage = (language: string) => pages.map((page) => `/${language}${page === "/" ? "/" : page}`);
    const paths = [...pages, ...inLanguage("es"), ...inLanguage("zh"), "/api/docs"];
    const files: string[] = [];
    for (const [i, pagePath] of paths.entries()) {
      const res = await t.request(pagePath);
      expect(res.headers.get("content-type"), pagePath).toMatch(/text\/html/);
      const file = path.join(folder, `${i}-${pagePath.replace(/[^a-z0-9]+/g, "-") || "home"}.html`);
      writeFileSync(file, await res.text());
      files.push(file);
    }
    const { stderr } = await promisify(execFile)("java", ["-jar", vnu, "--format", "json", "--exit-zero-always", ...files], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${paths[Number(path.basename(m.url).split("-")[0])]}:${m.lastLine ?? "?"} ${m.message} ${m.extract ?? ""}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
