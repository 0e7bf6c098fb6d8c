import type { FormInstance } from "antd";
import { useCallback, useState } from "react";
import { trpc } from "../lib/trpc";
import { serverMessage, useFeedback } from "./feedback";
import { applyServerFieldErrors } from "./forms";

/**
 * Saving a record, in one place: the write, the server's field messages at their fields (a 400's, and
 * a 409 duplicate's, which names the unique field), the spec's success or failure toast, and the
 * refresh of every query the change affects (the table below: a screen never lists them itself).
 */

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * What changed, in the clinic's words, and which reads show it. Every area that has a count card on
 * the dashboard refreshes the dashboard too, so its number is right when staff go back to it.
 */
const AFFECTS = {
  // Services, news and content items keep a version per save (and a restore is a save): their histories too.
  services: (u: Utils) => [u.services.invalidate(), u.versions.invalidate(), u.system.dashboard.invalidate()],
  news: (u: Utils) => [u.news.invalidate(), u.versions.invalidate(), u.system.dashboard.invalidate()],
  team: (u: Utils) => [u.team.invalidate(), u.system.dashboard.invalidate()],
  testimonials: (u: Utils) => [u.testimonials.invalidate(), u.system.dashboard.invalidate()],
  content: (u: Utils) => [u.content.invalidate(), u.versions.invalidate(), u.system.dashboard.invalidate()],
  images: (u: Utils) => [u.images.invalidate(), u.system.dashboard.invalidate()],
  socialMedia: (u: Utils) => [u.socialMedia.invalidate(), u.system.dashboard.invalidate()],
  /** Inquiries: not the opened one (contact.byId): reading it again would log another opening. */
  contact: (u: Utils) => [u.contact.list.invalidate(), u.contact.history.invalidate(), u.system.dashboard.invalidate()],
  /** Staff accounts: the users table and count, and the lists of who receives inquiry mail. */
  users: (u: Utils) => [u.users.invalidate(), u.settings.recipients.invalidate(), u.system.dashboard.invalidate()],
  /** The signed-in user's own account (2FA, role, name, notifications). */
  ownAccount: (u: Utils) => [u.auth.session.invalidate(), u.auth.notifications.invalidate(), u.settings.recipients.invalidate()],
  /** Who receives new-inquiry mail (My Account's switch and the Settings list show the same choice). */
  notifications: (u: Utils) => [u.auth.notifications.invalidate(), u.settings.recipients.invalidate()],
  /** The mail status line (a test e-mail moves it either way). */
  mail: (u: Utils) => [u.settings.mailStatus.invalidate()],
} satisfies Record<string, (utils: Utils) => Array<Promise<unknown>>>;

export type Resource = keyof typeof AFFECTS;

/** Refreshes what a change of these resources affects. */
export function useRefresh() {
  const utils = trpc.useUtils();
  return useCallback((...resources: Resource[]) => Promise.all(resources.flatMap((resource) => AFFECTS[resource](utils))), [utils]);
}

/** A toast: its title, or its title and text. */
export type Toast = string | readonly [title: string, description?: string];

export interface SaveStep<Result> {
  write: () => Promise<Result>;
  success: Toast | ((result: Result) => Toast);
  /** The failure toast: a title (the server's message becomes its text), or built from the server's message. */
  failure: string | ((message: string | null) => Toast);
  /** Where the server's field messages are shown. */
  form?: FormInstance;
  /** Resources refreshed after the write, besides the hook's own. */
  alsoRefresh?: Resource[];
}

/** Thrown by a save step that has already told the user what went wrong (e.g. a failed photo upload). */
export class AbortSave extends Error {}

/**
 * `run(step)` writes, then toasts and refreshes `resource`; on failure it shows the server's field
 * messages and the failure toast. It resolves to the write's result, or undefined when it failed.
 */
export function useSave(resource: Resource) {
  const feedback = useFeedback();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);

  const toast = useCallback(
    (kind: "success" | "error", value: Toast) => (typeof value === "string" ? feedback[kind](value) : feedback[kind](value[0], value[1])),
    [feedback],
  );

  const run = useCallback(
    async <Result>(step: SaveStep<Result>): Promise<{ ok: true; result: Result } | { ok: false; message: string | null }> => {
      setSaving(true);
      try {
        const result = await step.write();
        toast("success", typeof step.success === "function" ? step.success(result) : step.success);
        void refresh(resource, ...(step.alsoRefresh ?? []));
        return { ok: true, result };
      } catch (error) {
        if (error instanceof AbortSave) return { ok: false, message: null };
        if (step.form) applyServerFieldErrors(step.form, error);
        const message = serverMessage(error);
        toast("error", typeof step.failure === "function" ? step.failure(message) : [step.failure, message ?? undefined]);
        return { ok: false, message };
      } finally {
        setSaving(false);
      }
    },
    [refresh, resource, toast],
  );

  return { saving, run };
}

/** `useSave` for a form: the server's field messages go to `form`, and `save(step)` resolves to whether it saved. */
export function useFormSave(resource: Resource, form: FormInstance) {
  const { saving, run } = useSave(resource);
  const save = useCallback(async <Result>(step: Omit<SaveStep<Result>, "form">) => (await run({ ...step, form })).ok, [run, form]);
  return { saving, save };
}

interface Mutation<Input, Output> {
  mutateAsync: (input: Input) => Promise<Output>;
}

/** The write of a create-or-edit form: an update of `record` (by its id), or a create when there is none. */
export function writeRecord<Fields extends object, Output>(
  record: { id: number } | null,
  mutations: { create: Mutation<Fields, Output>; update: Mutation<Fields & { id: number }, Output> },
  fields: Fields,
): () => Promise<Output> {
  return () => (record ? mutations.update.mutateAsync({ id: record.id, ...fields }) : mutations.create.mutateAsync(fields));
}
