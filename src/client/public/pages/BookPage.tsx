import { useEffect, useRef, useState, type FormEvent } from "react";
import { CLINIC_TIME_ZONE } from "../../../shared/clinic-date";
import { addDays, BOOK_DAYS, bookPath, bookWeek, clinicDay } from "../book-week";
import { countInquirySent } from "../analytics";
import { ApiError, bookTime, fetchFormToken, publicQueries } from "../api";
import { AppLink } from "../components/AppLink";
import { inPageLanguage } from "../router";
import { CheckField, TextField } from "../components/contact/fields";
import { isHydrated, useScripted } from "../hydration";
import { B, CM, loadWords, pageLanguage, T, TC } from "../i18n";
import type { RouteParams } from "../routing";
import { useSite, type PostedBookingForm } from "../site-context";
import { usePublicQuery, useStore } from "../store";
import "../styles/pages-contact.css";

/**
 * The Book page (issue 38; docs/public-site.md#booking-a-time): a bookable service's free times for a
 * week from a day, server-rendered. Everything is a link or a plain form, so it works without
 * JavaScript: a day's times are links to /services/<slug>/book/<day>/<start>, the earlier and later
 * days are links, and the chosen time's form posts to its own address (src/server/site/booking-post.ts:
 * the contact form's pipeline, its token, spam checks and limits).
 *
 * With JavaScript (decision 0080) nothing reloads: the links move inside the site (pushState: back and a
 * reload show the same step), the form is sent with fetch to booking.book (the same procedure, token,
 * spam checks and limits, with an idempotency key of its own) and its answer shows in place: booked,
 * the fields' messages, or the 409 "just taken" above the week's free times read again. After each step
 * the focus is on the new content's heading; a live region announces the answer.
 */
const LOCALES = { en: "en-US", es: "es-US", zh: "zh-CN" } as const;

/** Set once the visitor takes a step on the Book page (a day, a time, another time): the next view's heading gets the focus. */
let stepped = false;
const step = () => {
  stepped = true;
};

/** What the page shows after a send: booked (requested or confirmed), or the time was taken (the week again, with the words). */
type Outcome = { kind: "booked"; status: "requested" | "confirmed"; conversionToken?: string } | { kind: "taken"; message: string };

/** The answer a plain post left (the server's render, and its hydration only: a later page of the visit is not that post's). */
function postedOutcome(posted: PostedBookingForm | undefined): Outcome | null {
  if (posted?.outcome === "requested" || posted?.outcome === "confirmed")
    return { kind: "booked", status: posted.outcome, conversionToken: posted.conversionToken };
  if (posted?.outcome === "taken") return { kind: "taken", message: posted.message ?? B.taken };
  return null;
}

export function BookPage({ slug = "", day, time }: RouteParams) {
  const language = pageLanguage().code;
  const week = bookWeek(day);
  const store = useStore();
  const service = usePublicQuery(publicQueries.service(slug));
  const freeQuery = publicQueries.freeTimes(slug, week.from, week.to);
  const free = usePublicQuery(freeQuery);
  const site = useSite();
  // A plain post's answer belongs to the page the server rendered for it, not to a later step.
  const [posted] = useState(() => (isHydrated() ? undefined : site.bookingForm));
  const [outcome, setOutcome] = useState<Outcome | null>(() => postedOutcome(posted));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dayLabel = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: CLINIC_TIME_ZONE,
    weekday: "long",
    month: "long",
    day: "numeric",
  });
  const timeLabel = new Intl.DateTimeFormat(LOCALES[language], { timeZone: CLINIC_TIME_ZONE, hour: "numeric", minute: "2-digit" });
  const times = free.data?.times ?? [];
  const chosen = time ? times.find((t) => new Date(t.start).toISOString() === time) : undefined;
  const title = service.data?.title ?? "";
  const booked = outcome?.kind === "booked" ? outcome.status : null;
  const taken = outcome?.kind === "taken" ? outcome.message : null;
  const byDay = new Map<string, typeof times>();
  // A time just answered as taken is not offered again while the free times are read again.
  for (const t of taken && chosen ? times.filter((other) => other !== chosen) : times) {
    const key = clinicDay(new Date(t.start));
    byDay.set(key, [...(byDay.get(key) ?? []), t]);
  }
  const view = booked ? "booked" : chosen && !taken ? "chosen" : "week";
  // A booked time is the funnel's conversion, as a sent inquiry is (counted once: the token is claimed once).
  const conversion = outcome?.kind === "booked" ? outcome.conversionToken : undefined;
  useEffect(() => {
    if (conversion) countInquirySent(conversion);
  }, [conversion]);
  // Focus follows the step (a screen reader hears where it is): the chosen time's heading, the answer's,
  // or the week's once the visitor has taken a step here. After the layout's own move to the top of a
  // new page (ScrollToTop, whose effect runs after this one).
  useEffect(() => {
    if (view === "week" ? !stepped && !taken : !time) return;
    const frame = requestAnimationFrame(() => headingRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [view, time, taken]);
  // A send's answer: the free times are read again (the booked or taken time is gone from them).
  const answered = (next: Outcome) => {
    setOutcome(next);
    void store.refresh(freeQuery).catch(() => {});
  };
  const when = (start: string) => `${dayLabel.format(new Date(start))}, ${timeLabel.format(new Date(start))}`;
  return (
    <div className="contact-page book-page">
      <header className="contact-hero">
        <div className="container">
          <h1>
            {B.title}
            {title ? `: ${title}` : ""}
          </h1>
          <p>
            <AppLink href={`/services/${encodeURIComponent(slug)}`}>{title}</AppLink>
          </p>
        </div>
      </header>
      <div className="container">
        {view !== "week" ? (
          <section className="card contact-form-card" aria-labelledby="book-chosen">
            <h2 id="book-chosen" ref={headingRef} tabIndex={-1}>
              {B.chosen}: {time ? when(time) : ""}
            </h2>
            {/* The answer's live region: on the page before the answer, so a screen reader announces it. */}
            <div role="status" className="book-status">
              {booked ? <p className="book-answer">{B[booked]}</p> : null}
            </div>
            {view === "chosen" && chosen ? (
              <>
                <p>
                  <AppLink href={bookPath(slug, day ?? week.from)} onClick={step}>
                    {B.change}
                  </AppLink>
                </p>
                <BookForm
                  slug={slug}
                  start={new Date(chosen.start).toISOString()}
                  action={bookPath(slug, day ?? week.from, time)}
                  posted={posted}
                  onAnswer={answered}
                />
              </>
            ) : null}
          </section>
        ) : (
          <section aria-labelledby="book-choose" aria-busy={free.isPending || undefined}>
            {taken ? (
              <p role="alert" className="field-error">
                {taken}
              </p>
            ) : null}
            <h2 id="book-choose" ref={headingRef} tabIndex={-1}>
              {B.choose}
            </h2>
            {free.data && byDay.size === 0 ? <p>{B.none}</p> : null}
            {[...byDay].map(([date, list]) => (
              <section key={date} aria-label={dayLabel.format(new Date(list[0]!.start))} className="book-day">
                <h3>{dayLabel.format(new Date(list[0]!.start))}</h3>
                <ul className="book-times">
                  {list.map((t) => (
                    <li key={new Date(t.start).toISOString()}>
                      <AppLink
                        className="btn btn-outline"
                        data-book-time=""
                        href={bookPath(slug, week.from, new Date(t.start).toISOString())}
                        onClick={step}
                      >
                        {timeLabel.format(new Date(t.start))}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <nav className="btn-row" aria-label={B.choose}>
              {week.from > clinicDay(new Date()) ? (
                <AppLink className="btn btn-outline" href={bookPath(slug, addDays(week.from, -BOOK_DAYS))} onClick={step}>
                  {B.earlier}
                </AppLink>
              ) : null}
              {/* No later week past the service's booking window: it could only show no times. */}
              {free.data && addDays(week.from, BOOK_DAYS) <= free.data.lastDay ? (
                <AppLink className="btn btn-outline" href={bookPath(slug, addDays(week.from, BOOK_DAYS))} onClick={step}>
                  {B.later}
                </AppLink>
              ) : null}
            </nav>
          </section>
        )}
      </div>
    </div>
  );
}

const CONSENTS = ["privacyPolicy", "hipaaConsent", "termsAndConditions"] as const;
/** The form's fields in the order they show: the first with a message gets the focus. */
const FIELDS = ["name", "email", "phone", "healthConditions", "optInTexting", ...CONSENTS] as const;
const FIELD_IDS: Record<(typeof FIELDS)[number], string> = {
  name: "book-name",
  email: "book-email",
  phone: "book-phone",
  healthConditions: "book-health",
  optInTexting: "book-optInTexting",
  privacyPolicy: "book-privacyPolicy",
  hipaaConsent: "book-hipaaConsent",
  termsAndConditions: "book-termsAndConditions",
};

/** A key for one form's sends: sent again (a retry after a lost answer), it books once (booking.book's idempotencyKey). */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return `page-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The contact form's details and consents. Without JavaScript (or before it runs) a plain form posted to
 * the page's address (the server answers with this page); with it, sent with fetch to booking.book and
 * answered in place (`onAnswer`: booked or taken; the fields' messages and the other failures here).
 */
function BookForm({
  slug,
  start,
  action,
  posted,
  onAnswer,
}: {
  slug: string;
  start: string;
  action: string;
  posted: PostedBookingForm | undefined;
  onAnswer: (outcome: Outcome) => void;
}) {
  const site = useSite();
  const scripted = useScripted();
  const values = posted?.values;
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [notice, setNotice] = useState<string | null>(
    posted?.outcome === "throttled" || posted?.outcome === "failed"
      ? (posted.message ?? `${T.contact.errorTitle}. ${T.contact.errorText}`)
      : null,
  );
  const [pending, setPending] = useState(false);
  // The server's token came with the page it rendered; a form that appears later (a step inside the
  // site) asks for a fresh one: a token carries one inquiry, and the last page's may be spent.
  const [formToken, setFormToken] = useState(() => (isHydrated() ? undefined : site.formToken));
  const key = useRef<string | null>(null);
  const focusField = useRef<string | null>(null);
  const f = T.contact.fields;
  const [ticks, setTicks] = useState<Record<string, boolean>>({
    optInTexting: values?.optInTexting ?? false,
    privacyPolicy: values?.privacyPolicy ?? false,
    hipaaConsent: values?.hipaaConsent ?? false,
    termsAndConditions: values?.termsAndConditions ?? false,
  });
  const links = {
    privacyPolicy: { text: TC.form.privacyPolicy, kind: "privacy" as const },
    termsAndConditions: { text: TC.form.termsAndConditions, kind: "terms" as const },
  };
  useEffect(() => {
    if (formToken) return;
    let current = true;
    fetchFormToken()
      .then((token) => current && setFormToken(token))
      // Without a token the booking is still answered (and kept as Spam for staff): never block a person.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [formToken]);
  // The first field with a message gets the focus, after the render that shows it (read with its message).
  useEffect(() => {
    const id = focusField.current;
    focusField.current = null;
    if (id) document.getElementById(id)?.focus();
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    key.current ??= idempotencyKey();
    const language = pageLanguage().code;
    setPending(true);
    setNotice(null);
    try {
      const answer = await bookTime({
        name: text("name"),
        email: text("email"),
        phone: text("phone"),
        healthConditions: text("healthConditions"),
        optInTexting: text("optInTexting") !== "",
        privacyPolicy: text("privacyPolicy") !== "",
        hipaaConsent: text("hipaaConsent") !== "",
        termsAndConditions: text("termsAndConditions") !== "",
        formToken: text("formToken") || undefined,
        website: text("website") || undefined,
        language,
        service: slug,
        start,
        idempotencyKey: key.current,
      } as Parameters<typeof bookTime>[0]);
      onAnswer({ kind: "booked", status: answer.status, conversionToken: answer.conversionToken });
      return;
    } catch (error) {
      const status = error instanceof ApiError ? error.data.httpStatus : 0;
      const fieldErrors = error instanceof ApiError ? error.data.fieldErrors : undefined;
      if (status === 409) return onAnswer({ kind: "taken", message: B.taken });
      if (status === 400 && fieldErrors?.start) return onAnswer({ kind: "taken", message: B.notFree });
      const shown = FIELDS.filter((field) => fieldErrors?.[field]?.[0]);
      if (status === 400 && shown.length > 0) {
        // The schema speaks the spec's English: each message in the page's words (the catalogue's "form"
        // part), loaded with the code that matches them when a message is first shown.
        const [messages] = await Promise.all([import("../../../shared/contact-messages"), loadWords(language, ["form"])]).catch(() => [
          null,
        ]);
        const next: Record<string, string> = {};
        for (const field of shown) {
          const english = fieldErrors![field]![0]!;
          next[field] = messages && CM.messages ? messages.localizedContactMessage(english, CM.messages) : english;
        }
        setErrors(next);
        focusField.current = FIELD_IDS[shown[0]!];
      } else setNotice(status === 429 && error instanceof Error ? error.message : `${T.contact.errorTitle}. ${T.contact.errorText}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      method="post"
      action={inPageLanguage(action)}
      noValidate={scripted}
      className="contact-form"
      onSubmit={scripted ? (event) => void onSubmit(event) : undefined}
    >
      {notice ? (
        <p role="alert" className="field-error">
          {notice}
        </p>
      ) : null}
      <h3>{B.details}</h3>
      <p>{TC.form.requiredNote}</p>
      <input type="hidden" name="formToken" value={formToken ?? ""} />
      <input type="hidden" name="service" value={slug} />
      <input type="hidden" name="start" value={start} />
      {/* The contact form's honeypot: people and screen readers never meet it. */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor="book-website">{TC.form.honeypot}</label>
        <input id="book-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <TextField id="book-name" name="name" label={f.name} required autoComplete="name" defaultValue={values?.name} error={errors.name} />
      <TextField
        id="book-email"
        name="email"
        type="email"
        label={f.email}
        required
        autoComplete="email"
        defaultValue={values?.email}
        error={errors.email}
      />
      <TextField
        id="book-phone"
        name="phone"
        type="tel"
        label={f.phone}
        required
        autoComplete="tel"
        defaultValue={values?.phone}
        error={errors.phone}
      />
      <TextField
        id="book-health"
        name="healthConditions"
        label={f.healthConditions}
        hint={f.healthConditionsHint}
        maxLength={200}
        defaultValue={values?.healthConditions}
        error={errors.healthConditions}
      />
      <CheckField
        id="book-optInTexting"
        name="optInTexting"
        checked={ticks.optInTexting!}
        onChange={(v) => setTicks({ ...ticks, optInTexting: v })}
      >
        {f.optInTexting}
      </CheckField>
      {CONSENTS.map((field) => (
        <CheckField
          key={field}
          id={`book-${field}`}
          name={field}
          required
          checked={ticks[field]!}
          onChange={(v) => setTicks({ ...ticks, [field]: v })}
          error={errors[field]}
          link={field === "hipaaConsent" ? undefined : links[field]}
        >
          {f[field]}
        </CheckField>
      ))}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? B.sending : B.submit}
      </button>
    </form>
  );
}
