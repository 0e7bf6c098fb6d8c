import { useMutation } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import type { FormInstance } from "antd";
import { useCallback, useState } from "react";
import type { AppRouter } from "../lib/api-types";
import { createUploadClient, trpc } from "../lib/trpc";
import type { UploadProgress } from "../lib/upload-fetch";
import { serverMessage, useToasts } from "./feedback";
import { useFreshCheckRetry } from "./fresh-check";
import { applyServerFieldErrors } from "./forms";

/**
 * Every write of the portal, in one place: the call, the server's field messages at their fields (a
 * 400's, and a 409 duplicate's, which names the unique field), the spec's success or failure toast, and
 * the refresh of every query the change affects (the table below: a screen never lists them itself).
 * `useSave(resource)` saves a record of an area (create, edit, delete, restore, a switch on a card);
 * `useAction()` is the same for a write that is not a record's save (a sign-in, a password change, a test
 * e-mail, an upload, the backup). A write that sends a photo says `showsUpload: true`: its multipart post
 * then goes through XMLHttpRequest, and the hook's `upload` tells how far it has got (the percentage
 * sent, then "processing" while the server re-encodes it; null when no upload runs), for the screen's
 * <UploadProgressBar>. A write is given the typed tRPC client (`api`) by the hook: no other
 * file holds a mutation, a client or a success toast (tests/admin-writes.test.ts). Every write runs as a
 * TanStack mutation, so the portal's rule for a 401 (back to the sign-in page: query-client.ts) holds for
 * each of them, and a sensitive one refused for want of a fresh check asks "Confirm it's you" and runs
 * again (fresh-check.ts).
 */

type Utils = ReturnType<typeof trpc.useUtils>;

/** The typed tRPC client, as a write receives it: `write: (api) => api.team.delete.mutate({ id })`. */
export type Api = TRPCClient<AppRouter>;

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
  /** Redirects and the 404 log (an entry turned into a redirect leaves the log). */
  redirects: (u: Utils) => [u.redirects.invalidate()],
  /** Inquiries: not the opened one (contact.byId): reading it again would log another opening. */
  contact: (u: Utils) => [u.contact.list.invalidate(), u.contact.history.invalidate(), u.system.dashboard.invalidate()],
  /** Bookings (the calendar): a booking's act moves its inquiry's status too (the desk, the dashboard's counts). */
  booking: (u: Utils) => [u.booking.invalidate(), u.contact.list.invalidate(), u.system.dashboard.invalidate()],
  /** Staff accounts: the users table and count, and the lists of who receives inquiry mail. */
  users: (u: Utils) => [
    u.users.invalidate(),
    u.settings.recipients.invalidate(),
    u.settings.mailAlerts.invalidate(),
    u.system.dashboard.invalidate(),
  ],
  /** The signed-in user's own account (2FA, role, name, notifications). */
  ownAccount: (u: Utils) => [
    u.auth.session.invalidate(),
    u.auth.notifications.invalidate(),
    u.settings.recipients.invalidate(),
    u.settings.mailAlerts.invalidate(),
  ],
  /**
   * The signed-in user's passkeys (My Account's Passkeys card); the session too, as a passkey is a second factor (the setup gate lifts).
   */
  passkeys: (u: Utils) => [u.passkeys.list.invalidate(), u.auth.session.invalidate()],
  /** Who receives new-inquiry mail (My Account's switch and the Settings list show the same choice). */
  notifications: (u: Utils) => [u.auth.notifications.invalidate(), u.settings.recipients.invalidate(), u.settings.mailAlerts.invalidate()],
  /** The legal texts' versions (the Legal Texts screen), and the Translations screen's list of them. */
  legal: (u: Utils) => [u.legal.invalidate(), u.translations.list.invalidate()],
  /** Staff's translations of the records (the Translations screen: its list and the one opened). */
  translations: (u: Utils) => [u.translations.invalidate()],
  /** The signed-in account's sessions (My Account's list). */
  sessions: (u: Utils) => [u.auth.sessions.invalidate()],
  /** Roles and their permissions: the matrix, the users' role lines, one's own session (its permissions take effect at once). */
  roles: (u: Utils) => [u.roles.invalidate(), u.users.invalidate(), u.auth.session.invalidate()],
  /** An inquiry's health details opened, or emergency access started: its access history, and the session (emergency access). */
  health: (u: Utils) => [u.contact.history.invalidate(), u.auth.session.invalidate()],
  /** The mail server, its status line (a test e-mail moves it either way), and whether new inquiries are e-mailed (the dashboard). */
  mail: (u: Utils) => [u.settings.mailStatus.invalidate(), u.settings.mailServer.invalidate(), u.settings.mailAlerts.invalidate()],
} satisfies Record<string, (utils: Utils) => Array<Promise<unknown>>>;

export type Resource = keyof typeof AFFECTS;

/** A toast: its title, or its title and text. */
export type Toast = string | readonly [title: string, description?: string];

/**
 * What a write's answer says: a success toast; or, for an answer that reports a failure of its own (a
 * test e-mail the mail server refused) or asks for more (a sign-in that needs the second factor), an
 * error or an info toast; or nothing (null: the screen shows the answer itself, e.g. a QR code).
 */
export type Outcome = Toast | { error: Toast } | { info: Toast } | null;

export interface SaveStep<Result> {
  /** The call, through the client the hook gives it. */
  write: (api: Api) => Promise<Result>;
  success: Outcome | ((result: Result) => Outcome);
  /** The failure toast: a title (the server's message becomes its text), or built from the server's message. */
  failure: string | ((message: string | null) => Toast);
  /** Where the server's field messages are shown. */
  form?: FormInstance;
  /** The server names the form's fields under this path (`clinic.hours.monday.closes` for the form of `clinic`). */
  fieldPrefix?: string;
  /** Where a refusal that names no field is shown in the form (a wrong current password, a wrong code). */
  refusalField?: string;
  /** When the server names fields, their messages are the whole answer: no failure toast then. */
  fieldErrorsOnly?: boolean;
  /** Runs with the answer before the toast and the refresh: puts it into the page's cache at once. */
  onSaved?: (result: Result) => void;
  /** Resources refreshed after the write (besides the hook's own). */
  refresh?: Resource[];
  /** The write sends a file: its progress shows in the hook's `upload` while it is sent and processed. */
  showsUpload?: boolean;
}

export type { UploadProgress };

export type SaveResult<Result> = { ok: true; result: Result } | { ok: false; message: string | null };

/** Thrown by a write that has already told the user what went wrong (e.g. a failed photo upload). */
export class AbortSave extends Error {}

function useWrites(resource: Resource | null, options: { expects401?: boolean }) {
  const utils = trpc.useUtils();
  const toasts = useToasts();
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    // The sign-in answers 401 for a wrong password: that is not a session that ended.
    meta: options.expects401 ? { expects401: true } : undefined,
  });
  const { mutateAsync } = mutation;
  // A sensitive act refused for want of a fresh check asks "Confirm it's you", then runs again.
  const retry = useFreshCheckRetry();

  const show = useCallback(
    (kind: "success" | "error" | "info", toast: Toast) =>
      typeof toast === "string" ? toasts[kind](toast) : toasts[kind](toast[0], toast[1]),
    [toasts],
  );

  const run = useCallback(
    async <Result>(step: SaveStep<Result>): Promise<SaveResult<Result>> => {
      const api: Api = step.showsUpload ? createUploadClient(setUpload) : utils.client;
      try {
        const result = (await mutateAsync(() => retry(() => step.write(api)))) as Result;
        step.onSaved?.(result);
        const outcome = typeof step.success === "function" ? step.success(result) : step.success;
        if (outcome !== null) {
          if (typeof outcome === "object" && "error" in outcome) show("error", outcome.error);
          else if (typeof outcome === "object" && "info" in outcome) show("info", outcome.info);
          else show("success", outcome);
        }
        const resources = [...(resource ? [resource] : []), ...(step.refresh ?? [])];
        void Promise.all(resources.flatMap((name) => AFFECTS[name](utils)));
        return { ok: true, result };
      } catch (error) {
        if (error instanceof AbortSave) return { ok: false, message: null };
        const message = serverMessage(error);
        const named = step.form ? applyServerFieldErrors(step.form, error, step.fieldPrefix) : false;
        if (step.form && step.refusalField && !named && message) step.form.setFields([{ name: step.refusalField, errors: [message] }]);
        if (!(named && step.fieldErrorsOnly))
          show("error", typeof step.failure === "function" ? step.failure(message) : [step.failure, message ?? undefined]);
        return { ok: false, message };
      } finally {
        if (step.showsUpload) setUpload(null);
      }
    },
    [mutateAsync, retry, show, resource, utils],
  );

  return { busy: mutation.isPending, run, upload };
}

/**
 * Saving a record of `resource`: `run(step)` writes, then toasts and refreshes what the resource
 * affects; on failure it shows the server's field messages and the failure toast. It resolves to the
 * write's result, or to the failure's message.
 */
export function useSave(resource: Resource) {
  const { busy, run, upload } = useWrites(resource, {});
  return { saving: busy, run, upload };
}

/** A write that is not a record's save, under the same rules; it refreshes only what its step names. */
export function useAction(options: { expects401?: boolean } = {}) {
  const { busy, run, upload } = useWrites(null, options);
  return { running: busy, run, upload };
}

/** `useSave` for a form: the server's field messages go to `form`, and `save(step)` resolves to whether it saved. */
export function useFormSave(resource: Resource, form: FormInstance) {
  const { saving, run, upload } = useSave(resource);
  const save = useCallback(async <Result>(step: Omit<SaveStep<Result>, "form">) => (await run({ ...step, form })).ok, [run, form]);
  return { saving, save, upload };
}

interface Procedure<Input, Output> {
  mutate: (input: Input) => Promise<Output>;
}

/**
 * The write of a create-or-edit form: an update of `record` (by its id), or a create when there is
 * none, through the area's procedures: `writeRecord(record, (api) => api.team, fields)`.
 */
export function writeRecord<Fields extends object, Output>(
  record: { id: number } | null,
  procedures: (api: Api) => { create: Procedure<Fields, Output>; update: Procedure<Fields & { id: number }, Output> },
  fields: Fields,
): (api: Api) => Promise<Output> {
  return (api) => (record ? procedures(api).update.mutate({ id: record.id, ...fields }) : procedures(api).create.mutate(fields));
}
