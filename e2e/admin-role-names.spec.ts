import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { api, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * One name for each role (issue 36): the Users screen's badges, the Roles & permissions screen's columns,
 * the choices of the form that adds a user and the Activity Log say each role with the words of docs/glossary.md, which
 * keeps the spec's where it fixes them (Super Admin, Super Admin (Full Access), Super Administrator...),
 * and nothing calls a role "Owner". The glossary's table is read here, so the document and the screens
 * cannot drift apart. The test adds a custom role and one user of each role, and removes them again.
 */
interface RoleWords {
  key: string;
  name: string;
  badge: string;
  choice: string;
}

/** The roles' table of docs/glossary.md (the first after its role-names marker): key, name, badge, choice; the custom row's key is "custom". */
function glossaryRoles(): { builtIn: RoleWords[]; custom: RoleWords } {
  const text = readFileSync(path.resolve("docs/glossary.md"), "utf8");
  const table = text.slice(text.indexOf("<!-- role-names"));
  const lines = table.split("\n").slice(1);
  const start = lines.findIndex((line) => line.startsWith("|"));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith("|"));
  const rows = lines
    .slice(start, end === -1 ? undefined : end)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/`/g, "")),
    )
    .filter((cells) => cells[0] !== "key" && !/^-+$/.test(cells[0] ?? ""));
  const words = rows.map(([key, name, badge, choice]) => ({
    key: key!.replace(/_\.\.\.$/, ""),
    name: name!,
    badge: badge!,
    choice: choice!,
  }));
  const custom = words.find((role) => role.key === "custom");
  if (!custom) throw new Error("docs/glossary.md: the roles' table has no custom role row");
  return { builtIn: words.filter((role) => role !== custom), custom };
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The word no screen may use for a role any more. */
const OWNER = /\bOwners?\b/;

async function expectNoOwner(page: Page) {
  await expect(page.getByRole("main")).not.toContainText(OWNER);
}

test("every role name on the Users screen, the Roles screen and the create form is the glossary's word", async ({ page }) => {
  test.setTimeout(120_000); // several accounts made (argon2id) on a shared machine
  const { builtIn, custom } = glossaryRoles();
  expect(builtIn.map((role) => role.key)).toEqual(["super_admin", "admin", "front_desk", "clinician", "marketing"]);
  // What the glossary holds for the spec's two roles is the spec's own words (admin-portal.md section 2).
  expect(builtIn.slice(0, 2)).toEqual([
    { key: "super_admin", name: "Super Administrator", badge: "Super Admin", choice: "Super Admin (Full Access)" },
    { key: "admin", name: "Administrator", badge: "Admin", choice: "Admin (Content Management)" },
  ]);
  expect(custom).toMatchObject({ name: "its own name", badge: "its own name", choice: "its own name" });

  await openAdmin(page, "/dashboard");
  const id = unique();
  const roleName = `Billing ${id}`;
  const created = await api(page.request, "POST", "/api/admin/roles", { name: roleName, permissions: ["inquiries.view"] });
  expect(created.status(), await created.text()).toBe(201);
  const customKey = ((await created.json()) as { key: string }).key;
  // A custom role cannot take a built-in role's words, nor the old "Owner".
  for (const taken of ["Owner", "super admin", builtIn[1]!.choice]) {
    const refused = await api(page.request, "POST", "/api/admin/roles", { name: taken, permissions: [] });
    expect(refused.status(), taken).toBe(400);
    expect(await refused.json()).toMatchObject({ fieldErrors: { name: ["This is a built-in role's name: choose another"] } });
  }

  const expected = [...builtIn, { key: customKey, name: roleName, badge: roleName, choice: roleName }];
  const users: Array<{ id: number; username: string; role: RoleWords }> = [];
  try {
    for (const role of expected) {
      const username = `names-${id}-${role.key.replace(/_/g, "-")}`.slice(0, 60);
      const res = await api(page.request, "POST", "/api/admin/users", { username, password: "set-by-the-super-admin", role: role.key });
      expect(res.status(), await res.text()).toBe(201);
      users.push({ id: ((await res.json()) as { id: number }).id, username, role });
    }

    // Users: each account's badge is its role's badge in the glossary.
    await page.goto("/admin/users");
    await page.getByRole("textbox", { name: "Search admin users" }).fill(`names-${id}`);
    for (const user of users) {
      const row = page.getByRole("row").filter({ has: page.getByText(user.username, { exact: true }) });
      await expect(row.getByTestId("role-badge"), user.role.key).toHaveText(user.role.badge);
    }
    await expectNoOwner(page);

    // The create form: the glossary's choices, the custom role by its own name; no other word for a built-in role.
    await page.getByRole("button", { name: "Add Admin User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Admin User" });
    await dialog.getByLabel("Role").click();
    const options = page.getByTestId("role-option-name");
    await expect(options.filter({ hasText: roleName })).toHaveCount(1);
    const shown = await options.allTextContents();
    for (const role of expected) expect(shown, role.key).toContain(role.choice);
    const otherWords = builtIn.flatMap((role) => [role.name, role.badge].filter((word) => word !== role.choice));
    for (const word of otherWords) expect(shown, word).not.toContain(word);
    expect(shown.filter((word) => OWNER.test(word))).toEqual([]);

    // Roles & permissions: each column is headed by the role's name.
    // The Activity Log: each account made, with its role by the same name.
    await page.goto("/admin/activity?action=create&size=100");
    for (const user of users) {
      const row = page.getByRole("row").filter({ hasText: `Admin user: ${user.username}` });
      await expect(row, user.role.key).toContainText(`Role: ${user.role.name}`);
    }
    await expectNoOwner(page);

    await page.goto("/admin/roles");
    for (const role of expected)
      await expect(page.getByRole("columnheader").getByTestId(`role-${role.key}`).getByTestId("role-name"), role.key).toHaveText(role.name);
    await expectNoOwner(page);
  } finally {
    for (const user of users) expect((await api(page.request, "DELETE", `/api/admin/users/${user.id}`)).status()).toBe(200);
    expect((await api(page.request, "DELETE", `/api/admin/roles/${customKey}`)).status()).toBe(200);
  }
});
