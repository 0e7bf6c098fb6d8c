import type { ChangeEvent, ReactNode } from "react";
import { LEGAL_TEXTS, type LegalKind } from "../../../../shared/legal";
import { CM, L, T, TC } from "../../i18n";
import { useLegalDialogs } from "../../layout/LegalDialogs";
import { inPageLanguage } from "../../router";
import { isLandingFocus } from "../AppLink";
import { Icon } from "../Icon";
import { CheckField, ChoiceGroup, describedBy, FieldError, TextField } from "./fields";
import { choicesOf, type FieldName, type GroupField, HEALTH_MAX, useContactForm } from "./use-contact-form";

/**
 * The appointment inquiry (public-site.md sections 4 and 5). The shared zod/mini schema checks the
 * values here and again on the server, so both speak the spec's messages. A field is checked on
 * submit, and again on every change once it has been shown invalid; the character limit of the health
 * field is also checked as the visitor types. States: idle, submitting (buttons disabled, "Sending..."),
 * success (toast, form reset), failure (error toast, everything typed is kept).
 *
 * Spam without a CAPTCHA: the form sends the token the server signed when it sent the page (or, after
 * a navigation inside the site, one fetched when the form appears) and a honeypot field that people
 * never meet: it sits off-screen, hidden from screen readers, out of the keyboard's way, and no
 * browser autofills it. The server stores what trips either as Spam and answers as usual.
 */

/** `text` with its first `name` made into what `link` renders (the sentence stays word for word). */
function withLink(text: string, name: string, link: (name: string) => ReactNode): ReactNode {
  const at = text.indexOf(name);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {link(name)}
      {text.slice(at + name.length)}
    </>
  );
}

/** The three required consents, in the order the form shows them. */
const CONSENTS = ["privacyPolicy", "hipaaConsent", "termsAndConditions"] as const;

export function ContactForm() {
  const form = useContactForm();
  const legal = useLegalDialogs();
  const healthId = form.id("healthConditions");
  const healthLength = form.values.healthConditions.length;
  const f = T.contact.fields;
  // A field's id, name and error message, all from its name.
  const named = (field: FieldName) => ({ id: form.id(field), name: field, error: form.errors[field] });
  // A one-line text box: named and labelled so, showing its value, and typing changes that value.
  const typed = (field: "name" | "email" | "phone") => ({
    ...named(field),
    label: f[field],
    value: form.values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.update(field, event.target.value),
  });
  // A group of boxes: named so, ticked as its value says, and a tick changes that value.
  const choices = (field: GroupField) => ({
    ...named(field),
    selected: form.values[field],
    onToggle: (value: string, checked: boolean) => form.toggle(field, value, checked),
  });
  // The consents whose label ends with a button that opens the document's dialog.
  const consentLinks: Partial<Record<(typeof CONSENTS)[number], { text: string; kind: LegalKind }>> = {
    privacyPolicy: { text: TC.form.privacyPolicy, kind: "privacy" },
    termsAndConditions: { text: TC.form.termsAndConditions, kind: "terms" },
  };
  // The HIPAA consent's label names its text: that name is a link to it (a link may sit in a label: a
  // click on it follows the link and leaves the checkbox alone; the rest of the label still ticks it).
  // With JavaScript it opens the dialog; before or without, the page in a new tab, so the form stays.
  const labels: Partial<Record<(typeof CONSENTS)[number], ReactNode>> = {
    hipaaConsent: withLink(f.hipaaConsent, L.legalTitles.hipaa, (text) => (
      <a
        href={inPageLanguage(LEGAL_TEXTS.hipaa.path)}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          event.preventDefault();
          legal.open("hipaa");
        }}
      >
        {text}
      </a>
    )),
  };

  return (
    <form
      className="contact-form"
      onSubmit={(event) => void form.onSubmit(event)}
      onFocus={() => {
        // Book This Service's landing on the ticked service is the page's doing, not a start.
        if (isLandingFocus()) return;
        void import("../../analytics").then((analytics) => analytics.countFormStarted());
        void form.loadSchema().catch(() => {});
      }}
      noValidate
      method="post"
    >
      {/*
        Clear Form (public-site.md section 4: "resets the form") wipes everything typed, health details
        included, in one tap. It sat 12 px under Send, in a phone's thumb zone, where a slip lost the whole
        form (issue 36). Decision: it stays one tap, but at the top of the form, beside the note on
        required fields, and styled as the lesser action: as far from Send as the form allows, never
        beside it on any screen, and still in reach for a visitor who wants to start again (who is at the
        top of what they typed, or goes there). Its place in the keyboard order follows where it shows.
      */}
      <div className="form-top">
        <p className="form-required-note">
          <span className="required-mark" aria-hidden="true">
            *
          </span>{" "}
          {TC.form.requiredNote}
        </p>
        <button type="button" className="btn btn-outline btn-sm form-clear" onClick={form.clear} disabled={!form.ready || form.pending}>
          {T.contact.clearForm}
        </button>
      </div>

      <FormSection id={`${form.uid}about`} title={TC.form.aboutYou}>
        <TextField {...typed("name")} required autoComplete="name" autoCapitalize="words" />
        <div className="form-row">
          <TextField {...typed("email")} type="email" required autoComplete="email" inputMode="email" spellCheck={false} />
          <TextField {...typed("phone")} type="tel" required autoComplete="tel" inputMode="tel" />
        </div>
        <CheckField
          id={form.id("optInTexting")}
          name="optInTexting"
          checked={form.values.optInTexting}
          onChange={(checked) => form.update("optInTexting", checked)}
          hint={TC.form.textingHint}
        >
          {f.optInTexting}
        </CheckField>
      </FormSection>

      <FormSection id={`${form.uid}help`} title={TC.form.interests}>
        <ChoiceGroup
          {...choices("servicesInterested")}
          legend={f.services}
          hint={TC.form.servicesHint}
          options={form.serviceOptions}
          required
          layout="services"
          landing={form.bookedService}
        />
        <div className="field">
          <label htmlFor={healthId}>{f.healthConditions}</label>
          <p className="field-hint" id={`${healthId}-hint`}>
            {f.healthConditionsHint}
          </p>
          <textarea
            id={healthId}
            name="healthConditions"
            className="textarea"
            rows={4}
            autoComplete="off"
            value={form.values.healthConditions}
            onChange={(event) => form.update("healthConditions", event.target.value)}
            aria-invalid={form.errors.healthConditions ? true : undefined}
            aria-describedby={describedBy(
              `${healthId}-hint`,
              `${healthId}-count`,
              `${healthId}-private`,
              form.errors.healthConditions && `${healthId}-error`,
            )}
          />
          <p
            className={`char-count${healthLength > HEALTH_MAX ? " char-count--over" : ""}`}
            id={`${healthId}-count`}
            data-testid="char-count"
          >
            {TC.form.charCount(healthLength, HEALTH_MAX)}
            <span className="visually-hidden">{TC.form.charCountSuffix}</span>
          </p>
          {/* Announced as it appears while typing past the limit. */}
          <div aria-live="polite">
            <FieldError id={`${healthId}-error`} message={form.errors.healthConditions} />
          </div>
          <p className="health-private" id={`${healthId}-private`}>
            <Icon name="shield" />
            <span>{TC.form.confidential}</span>
          </p>
        </div>
      </FormSection>

      <FormSection id={`${form.uid}when`} title={TC.form.availability}>
        <p className="field-hint form-section-hint">{TC.form.availabilityHint}</p>
        <ChoiceGroup {...choices("availabilityDays")} legend={f.days} options={choicesOf(L.weekdays)} layout="days" />
        <ChoiceGroup {...choices("availabilityTimes")} legend={f.times} options={choicesOf(CM.times)} layout="times" />
      </FormSection>

      <fieldset className="form-section consents">
        <legend className="form-section-title">{TC.form.consents}</legend>
        {CONSENTS.map((consent) => (
          <CheckField
            key={consent}
            {...named(consent)}
            checked={form.values[consent]}
            onChange={(checked) => form.update(consent, checked)}
            required
            link={consentLinks[consent]}
          >
            {labels[consent] ?? f[consent]}
          </CheckField>
        ))}
      </fieldset>

      {form.postedOutcome === "sent" ? (
        <p className="notice form-notice" role="status">
          <strong>{T.contact.successTitle}</strong> {T.contact.successText}
        </p>
      ) : null}
      {form.postedOutcome === "failed" ? (
        <p className="notice notice--error form-notice" role="alert">
          <strong>{T.contact.errorTitle}</strong> {T.contact.errorText}
        </p>
      ) : null}
      {form.notice ? (
        <p className="notice notice--error form-notice" role="alert">
          <strong>{TC.form.throttledTitle}</strong> {form.notice}
        </p>
      ) : null}

      {/* The honeypot: people and screen readers never meet it (see the comment at the top). */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${form.uid}website`}>{TC.form.honeypot}</label>
        <input
          id={`${form.uid}website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={form.honeypot}
          onChange={(event) => form.setHoneypot(event.target.value)}
        />
      </div>
      <input type="hidden" name="formToken" value={form.formToken ?? ""} />

      <div className="form-actions">
        {/* Enabled from the first paint: before React runs (or without JavaScript) the form posts to the server. */}
        <button type="submit" className="btn btn-primary" disabled={form.pending}>
          {form.pending ? T.contact.sending : T.contact.submit}
          {form.pending ? null : <Icon name="arrowRight" />}
        </button>
      </div>
    </form>
  );
}

/** A part of the form under its heading, which names the part for screen readers. */
function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={id}>
      <h3 id={id} className="form-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
