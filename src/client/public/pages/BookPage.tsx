import { useEffect, useRef, useState } from "react";
import { CLINIC_TIME_ZONE } from "../../../shared/clinic-date";
import { addDays, BOOK_DAYS, bookPath, bookWeek, clinicDay } from "../book-week";
import { countInquirySent } from "../analytics";
import { publicQueries } from "../api";
import { AppLink } from "../components/AppLink";
import { CheckField, TextField } from "../components/contact/fields";
import { B, pageLanguage, T, TC } from "../i18n";
import type { RouteParams } from "../routing";
import { useSite } from "../site-context";
import { usePublicQuery } from "../store";
import "../styles/pages-contact.css";

/**
 * The Book page (issue 38; docs/public-site.md#booking-a-time): a bookable service's free times for a
 * week from a day, server-rendered. Everything is a link or a plain form, so it works without
 * JavaScript: a day's times are links to /services/<slug>/book/<day>/<start>, the earlier and later
 * days are links, and the chosen time's form posts to its own address (src/server/site/booking-post.ts:
 * the contact form's pipeline, its token, spam checks and limits). With JavaScript the links move
 * inside the site without a full reload, and focus lands on the chosen time's heading.
 */
const LOCALES = { en: "en-US", es: "es-US", zh: "zh-CN" } as const;

export function BookPage({ slug = "", day, time }: RouteParams) {
  const language = pageLanguage().code;
  const week = bookWeek(day);
  const service = usePublicQuery(publicQueries.service(slug));
  const free = usePublicQuery(publicQueries.freeTimes(slug, week.from, week.to));
  const chosenRef = useRef<HTMLHeadingElement>(null);
  // Focus follows the chosen time (a screen reader hears where it is).
  useEffect(() => {
    if (time) chosenRef.current?.focus();
  }, [time]);
  const dayLabel = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: CLINIC_TIME_ZONE,
    weekday: "long",
    month: "long",
    day: "numeric",
  });
  const timeLabel = new Intl.DateTimeFormat(LOCALES[language], { timeZone: CLINIC_TIME_ZONE, hour: "numeric", minute: "2-digit" });
  const times = free.data?.times ?? [];
  const byDay = new Map<string, typeof times>();
  for (const t of times) {
    const key = clinicDay(new Date(t.start));
    byDay.set(key, [...(byDay.get(key) ?? []), t]);
  }
  const chosen = time ? times.find((t) => new Date(t.start).toISOString() === time) : undefined;
  const title = service.data?.title ?? "";
  const posted = useSite().bookingForm;
  const booked = posted?.outcome === "requested" || posted?.outcome === "confirmed" ? posted.outcome : null;
  // A booked time is the funnel's conversion, as a sent inquiry is (counted once: the token is claimed once).
  const conversion = booked ? posted?.conversionToken : undefined;
  useEffect(() => {
    if (conversion) countInquirySent(conversion);
  }, [conversion]);
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
        {booked ? (
          <section className="card contact-form-card" aria-labelledby="book-done">
            <h2 id="book-done" ref={chosenRef} tabIndex={-1}>
              {B.chosen}: {time ? `${dayLabel.format(new Date(time))}, ${timeLabel.format(new Date(time))}` : ""}
            </h2>
            <p role="status" className="book-answer">
              {B[booked]}
            </p>
          </section>
        ) : chosen ? (
          <section className="card contact-form-card" aria-labelledby="book-chosen">
            <h2 id="book-chosen" ref={chosenRef} tabIndex={-1}>
              {B.chosen}: {dayLabel.format(new Date(chosen.start))}, {timeLabel.format(new Date(chosen.start))}
            </h2>
            <p>
              <AppLink href={bookPath(slug, day ?? week.from)}>{B.change}</AppLink>
            </p>
            <BookForm slug={slug} start={new Date(chosen.start).toISOString()} action={bookPath(slug, day ?? week.from, time)} />
          </section>
        ) : (
          <section aria-labelledby="book-choose">
            {posted?.outcome === "taken" ? (
              <p role="alert" className="field-error">
                {posted.message}
              </p>
            ) : null}
            <h2 id="book-choose">{B.choose}</h2>
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
                <AppLink className="btn btn-outline" href={bookPath(slug, addDays(week.from, -BOOK_DAYS))}>
                  {B.earlier}
                </AppLink>
              ) : null}
              <AppLink className="btn btn-outline" href={bookPath(slug, addDays(week.from, BOOK_DAYS))}>
                {B.later}
              </AppLink>
            </nav>
          </section>
        )}
      </div>
    </div>
  );
}

const CONSENTS = ["privacyPolicy", "hipaaConsent", "termsAndConditions"] as const;

/** The contact form's details and consents, posted as a plain form (the server answers with this page). */
function BookForm({ slug, start, action }: { slug: string; start: string; action: string }) {
  const site = useSite();
  const posted = site.bookingForm;
  const values = posted?.values;
  const errors = posted?.errors ?? {};
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
  return (
    <form method="post" action={action} noValidate={false} className="contact-form">
      {posted?.outcome === "throttled" || posted?.outcome === "failed" ? (
        <p role="alert" className="field-error">
          {posted.message ?? `${T.contact.errorTitle}. ${T.contact.errorText}`}
        </p>
      ) : null}
      <h3>{B.details}</h3>
      <p>{TC.form.requiredNote}</p>
      <input type="hidden" name="formToken" value={site.formToken ?? ""} />
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
      <button type="submit" className="btn btn-primary">
        {B.submit}
      </button>
    </form>
  );
}
