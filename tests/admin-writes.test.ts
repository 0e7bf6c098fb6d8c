import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every write of the admin portal goes through src/client/admin/save.ts (useSave for a record's save,
 * useAction for the others): one place for the call, the toasts, the server's field messages, the
 * refresh of what the change affects and the portal's 401 rule. A static scan of src/client/admin: no
 * other file holds a mutation hook or the tRPC client, and none announces a success itself. (Error and
 * info toasts about what the page finds itself, such as a file that is not an image, stay allowed.)
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const ADMIN_DIR = path.join(ROOT, "src/client/admin");
const SAVE_MODULE = path.join(ADMIN_DIR, "save.ts");
const FEEDBACK_MODULE = path.join(ADMIN_DIR, "feedback.ts");

/** The code of a source file without its comments (a comment may name what the code must not do). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const RULES: Array<{ rule: string; pattern: RegExp; exempt?: string[] }> = [
  { rule: "a mutation hook (write through useSave or useAction)", pattern: /\buseMutation\b/ },
  { rule: "a mutation call of its own (write through useSave or useAction)", pattern: /\bmutateAsync\b/ },
  {
    rule: "the tRPC client (a write gets it from useSave or useAction)",
    pattern: /\.client\b|\bcreateTRPC\w*Client\b|\bcreateTrpcReactClient\b/,
    exempt: ["AdminApp.tsx"],
  },
  {
    rule: "a success toast of its own (a write's success is save.ts's)",
    pattern: /\b(?:notification|message|feedback|toasts?)\s*\.\s*success\s*\(/,
    exempt: ["feedback.ts"],
  },
  { rule: "the toasts of writes (useToasts is save.ts's)", pattern: /\buseToasts\b/, exempt: ["feedback.ts"] },
  {
    rule: "antd's notification or message API directly (toasts go through feedback.ts)",
    pattern:
      /\b(?:notification|message)\s*\.\s*(?:success|error|info|warning|open|loading)\s*\(|\bimport\s*\{[^}]*\b(?:notification|message)\b[^}]*\}\s*from\s*["']antd["']/,
    exempt: ["feedback.ts"],
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The rules a text breaks, as "rule: line". */
function breaches(source: string, fileName: string): string[] {
  const text = code(source);
  const found: string[] = [];
  for (const { rule, pattern, exempt } of RULES) {
    if (exempt?.includes(fileName)) continue;
    text.split("\n").forEach((line, index) => {
      if (pattern.test(line)) found.push(`${rule}: line ${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("admin writes go through save.ts", () => {
  it("the scan recognises each way around it", () => {
    const samples = [
      "const remove = trpc.team.delete.useMutation();",
      "await remove.mutateAsync({ id });",
      "await trpc.useUtils().client.team.delete.mutate({ id });",
      "const utils = trpc.useUtils(); utils.client.team.delete.mutate({ id });",
      'feedback.success("Saved");',
      'notification.success({ title: "Saved" });',
      'const { success } = useToasts(); success("Saved");',
      'message.success("Saved");',
      'import { Button, message } from "antd";',
    ];
    for (const sample of samples) expect(breaches(sample, "Example.tsx"), sample).not.toEqual([]);
    // What stays allowed: a write through the hook's client, a text named success, a toast about the page itself.
    const allowed = [
      "write: (api) => api.team.delete.mutate({ id: member.id }),",
      "success: T.remove.success(user.username),",
      "feedback.error(T.copyFailed);",
      "// feedback.success is save.ts's",
    ];
    for (const sample of allowed) expect(breaches(sample, "Example.tsx"), sample).toEqual([]);
  });

  it("no file of the admin portal but save.ts writes or announces a success itself", () => {
    const files = sourceFiles(ADMIN_DIR);
    expect(files.length).toBeGreaterThan(50);
    const found = files
      .filter((file) => file !== SAVE_MODULE)
      .flatMap((file) =>
        breaches(readFileSync(file, "utf8"), path.basename(file)).map((breach) => `${path.relative(ROOT, file)}: ${breach}`),
      );
    expect(found).toEqual([]);
  });

  it("save.ts is where the writes are (the scan would see them)", () => {
    const save = breaches(readFileSync(SAVE_MODULE, "utf8"), "save.ts");
    expect(save.some((breach) => breach.startsWith("a mutation hook"))).toBe(true);
    expect(save.some((breach) => breach.startsWith("the toasts of writes"))).toBe(true);
    expect(readFileSync(FEEDBACK_MODULE, "utf8")).toMatch(/export function useToasts\b/);
  });
});
