import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { LEGAL_TEXTS, type LegalKind } from "../../../../shared/legal";
import { fetchFormToken, submitInquiry } from "../../api";
import { inPageLanguage } from "../../router";
import { useServiceLinks } from "../../data";
import { useSite, type PostedContactForm, type SiteInfo } from "../../site-context";
import { useLegalDialogs } from "../../layout/LegalDialogs";
import { Icon } from "../Icon";
import { useToast } from "../Toast";
import { ChoiceGroup, CheckField, describedBy, FieldError, TextField } from "./fields";
import { CM, L, loadWords, pageLanguage, T, TC } from "../../i18n";

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

type FormValues = PostedContactForm["values"];
type FieldName = keyof FormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  servicesInterested: [],
  availabilityDays: [],
  availabilityTimes: [],
  healthConditions: "",
  optInTexting: false,
  privacyPolicy: false,
  hipaaConsent: false,
  termsAndConditions: false,
};

/** Document order: the first invalid field in this order gets the focus. */
const FIELD_ORDER: FieldName[] = [
  "name",
  "email",
  "phone",
  "optInTexting",
  "servicesInterested",
  "healthConditions",
  "availabilityDays",
  "availabilityTimes",
  "privacyPolicy",
  "hipaaConsent",
  "termsAndConditions",
];
const GROUPS = new Set<FieldName>(["servicesInterested", "availabilityDays", "availabilityTimes"]);
const HEALTH_MAX = 200;

type GroupField = "servicesInterested" | "availabilityDays" | "availabilityTimes";
/** Days and times are kept in the order they are listed (Monday before Friday), whatever order they were ticked in. */
const fixedOrder = (field: Exclude<GroupField, "servicesInterested">): readonly string[] =>
  Object.keys(field === "availabilityDays" ? CM.days : CM.times);
/** The days' and times' boxes: the values the inquiry keeps, labelled in the page's language. */
const choicesOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The service "Book This Service" chose (/contact?service=<slug>): the server renders the page with it
 * (SiteInfo.bookService), and the browser reads its own address (the same on hydration; after a
 * navigation inside the site, the new one).
 */
function bookedSlug(site: SiteInfo): string | null {
  if (typeof window === "undefined") return site.bookService ?? null;
  return new URLSearchParams(window.location.search).get("service");
}

type ContactSubmissionInput = import("../../../../shared/schemas/contact").ContactSubmissionInput;
type Schema = typeof import("../../../../shared/schemas/contact").contactSubmissionInput;
type SchemaModule = typeof import("../../../../shared/schemas/contact");
let loadingSchema: Promise<Schema> | null = null;
let loadedSchema: Schema | null = null;
let localize: (message: string) => string = (message) => message;

/**
 * The shared schema's code (zod/mini, about 7 KB gzip) loads when the visitor first focuses the form,
 * not with the page: most visits never fill it in. A submit waits for it; should it fail to load, the
 * server checks the values with the same schema and answers the same messages at their fields.
 */
function loadSchema(): Promise<Schema> {
  // The messages in the page's language come with it (the catalogue's "form" part, issue 27): the
  // schema speaks the spec's English, each message shown in the page's words.
  loadingSchema ??= Promise.all([import("../../../../shared/schemas/contact"), loadWords(pageLanguage().code, ["form"])]).then(
    ([module]: [SchemaModule, void]) => {
      localize = (message) => module.localizedContactMessage(message, CM.messages);
      return (loadedSchema = module.contactSubmissionInput);
    },
  );
  loadingSchema.catch(() => (loadingSchema = null));
  return loadingSchema;
}

/** The first message per field, from the schema's issues or the server's fieldErrors. */
function validate(schema: Schema, values: FormValues): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = localize(issue.message);
  }
  return errors;
}

function serverFieldErrors(error: unknown): FieldErrors {
  const fieldErrors = (error as { data?: { fieldErrors?: Record<string, string[]> } } | null)?.data?.fieldErrors;
  const errors: FieldErrors = {};
  if (!fieldErrors) return errors;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if ((FIELD_ORDER as string[]).includes(field) && messages[0]) errors[field as FieldName] = localize(messages[0]);
  }
  return errors;
}

function isThrottled(error: unknown): boolean {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus === 429;
}

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
  const uid = useId();
  const id = (field: FieldName) => `${uid}${field}`;
  const site = useSite();
  // Posted without JavaScript, the server answers with the page and the form as it left it.
  const posted = site.contactForm;
  // The services the clinic offers on the form (data, in the site's order), then General Consultation.
  const links = useServiceLinks();
  // Each choice is sent (and kept) by its English name, shown in the page's language.
  const serviceOptions = links.contactChoices.map((value, index) => ({ value, label: links.contactChoiceLabels?.[index] ?? value }));
  const [values, setValues] = useState<FormValues>(() => {
    if (posted && posted.outcome !== "sent") return posted.values;
    const slug = bookedSlug(site);
    const booked = slug ? links.services.find((service) => service.slug === slug && service.offeredOnContactForm) : undefined;
    return booked && links.contactChoices.includes(booked.title) ? { ...EMPTY, servicesInterested: [booked.title] } : EMPTY;
  });
  const [errors, setErrors] = useState<FieldErrors>((posted?.errors as FieldErrors | undefined) ?? {});
  const [notice, setNotice] = useState<string | null>(posted?.outcome === "throttled" ? (posted.message ?? null) : null);
  const [postedOutcome, setPostedOutcome] = useState(posted?.outcome);
  // The submit button works once React runs: before that, a press would post the form nowhere.
  const [ready, setReady] = useState(false);
  const focusNext = useRef<FieldName | null>(null);
  const { toast } = useToast();
  const legal = useLegalDialogs();
  const [formToken, setFormToken] = useState(site.formToken);
  const [honeypot, setHoneypot] = useState("");
  const [pending, setPending] = useState(false);

  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (formToken) return;
    let current = true;
    fetchFormToken()
      .then((token) => current && setFormToken(token))
      // Without a token the inquiry is still saved (as Spam for staff to review): never block a person.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [formToken]);

  // Focus moves after the render that shows the messages, so the field is read with its error.
  useEffect(() => {
    const field = focusNext.current;
    if (!field) return;
    focusNext.current = null;
    document.getElementById(GROUPS.has(field) ? `${id(field)}-0` : id(field))?.focus();
  });

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    focusNext.current = FIELD_ORDER.find((field) => next[field]) ?? null;
  };

  const update = <K extends FieldName>(field: K, value: FormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const tooLong = field === "healthConditions" && (value as string).trim().length > HEALTH_MAX;
    if (errors[field] || tooLong) {
      const recheck = (schema: Schema) => {
        const message = validate(schema, next)[field];
        setErrors((current) => {
          const copy = { ...current };
          if (message) copy[field] = message;
          else delete copy[field];
          return copy;
        });
      };
      if (loadedSchema) recheck(loadedSchema);
      else void loadSchema().then(recheck);
    }
  };

  const toggle = (field: GroupField, value: string, checked: boolean) => {
    const chosen = new Set(values[field]);
    if (checked) chosen.add(value);
    else chosen.delete(value);
    const order = field === "servicesInterested" ? links.contactChoices : fixedOrder(field);
    update(
      field,
      order.filter((item) => chosen.has(item)),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    let schema = loadedSchema;
    if (!schema) {
      // Pressed before the schema's code arrived (its load started with the first focus): "Sending..." meanwhile.
      setPending(true);
      schema = await loadSchema().catch(() => null);
      setPending(false);
    }
    const result = schema?.safeParse(values);
    if (schema && result && !result.success) {
      showErrors(validate(schema, values));
      return;
    }
    setErrors({});
    setNotice(null);
    setPostedOutcome(undefined);
    setPending(true);
    // Unchecked values (the schema's code failed to load) go as typed: the server checks them the same way.
    const checked = result?.data ?? (values as ContactSubmissionInput);
    submitInquiry({ ...checked, formToken, website: honeypot, language: pageLanguage().code })
      .then((answer) => {
        toast({ title: T.contact.successTitle, description: T.contact.successText });
        void import("../../analytics").then((analytics) => analytics.countInquirySent(answer.conversionToken));
        setValues(EMPTY);
        setErrors({});
        // A token carries one inquiry: the next one from this page gets a fresh token (the effect above).
        setFormToken(undefined);
      })
      .catch((error: unknown) => {
        toast({ title: T.contact.errorTitle, description: T.contact.errorText, variant: "error" });
        const fieldErrors = serverFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
        // The throttle's own message says when to try again and gives the phone number.
        if (isThrottled(error) && error instanceof Error && error.message) setNotice(error.message);
      })
      .finally(() => setPending(false));
  };

  const clear = () => {
    setValues(EMPTY);
    setErrors({});
    setNotice(null);
  };

  const healthId = id("healthConditions");
  const healthLength = values.healthConditions.length;
  const f = T.contact.fields;
  // A field's id, name and error message, all from its name.
  const named = (field: FieldName) => ({ id: id(field), name: field, error: errors[field] });
  // A one-line text box: named and labelled so, showing its value, and typing changes that value.
  const typed = (field: "name" | "email" | "phone") => ({
    ...named(field),
    label: f[field],
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
  });
  // A group of boxes: named so, ticked as its value says, and a tick changes that value.
  const choices = (field: GroupField) => ({
    ...named(field),
    selected: values[field],
    onToggle: (value: string, checked: boolean) => toggle(field, value, checked),
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
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => {
        void import("../../analytics").then((analytics) => analytics.countFormStarted());
        void loadSchema().catch(() => {});
      }}
      noValidate
      method="post"
    >
      <p className="form-required-note">
        <span className="required-mark" aria-hidden="true">
          *
        </span>{" "}
        {TC.form.requiredNote}
      </p>

      <FormSection id={`${uid}about`} title={TC.form.aboutYou}>
        <TextField {...typed("name")} required autoComplete="name" autoCapitalize="words" />
        <div className="form-row">
          <TextField {...typed("email")} type="email" required autoComplete="email" inputMode="email" spellCheck={false} />
          <TextField {...typed("phone")} type="tel" required autoComplete="tel" inputMode="tel" />
        </div>
        <CheckField
          id={id("optInTexting")}
          name="optInTexting"
          checked={values.optInTexting}
          onChange={(checked) => update("optInTexting", checked)}
          hint={TC.form.textingHint}
        >
          {f.optInTexting}
        </CheckField>
      </FormSection>

      <FormSection id={`${uid}help`} title={TC.form.interests}>
        <ChoiceGroup
          {...choices("servicesInterested")}
          legend={f.services}
          hint={TC.form.servicesHint}
          options={serviceOptions}
          required
          layout="services"
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
            value={values.healthConditions}
            onChange={(event) => update("healthConditions", event.target.value)}
            aria-invalid={errors.healthConditions ? true : undefined}
            aria-describedby={describedBy(
              `${healthId}-hint`,
              `${healthId}-count`,
              `${healthId}-private`,
              errors.healthConditions && `${healthId}-error`,
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
            <FieldError id={`${healthId}-error`} message={errors.healthConditions} />
          </div>
          <p className="health-private" id={`${healthId}-private`}>
            <Icon name="shield" />
            <span>{TC.form.confidential}</span>
          </p>
        </div>
      </FormSection>

      <FormSection id={`${uid}when`} title={TC.form.availability}>
        <p className="field-hint form-section-hint">{TC.form.availabilityHint}</p>
        <ChoiceGroup {...choices("availabilityDays")} legend={f.days} options={choicesOf(CM.days)} layout="days" />
        <ChoiceGroup {...choices("availabilityTimes")} legend={f.times} options={choicesOf(CM.times)} layout="times" />
      </FormSection>

      <fieldset className="form-section consents">
        <legend className="form-section-title">{TC.form.consents}</legend>
        {CONSENTS.map((consent) => (
          <CheckField
            key={consent}
            {...named(consent)}
            checked={values[consent]}
            onChange={(checked) => update(consent, checked)}
            required
            link={consentLinks[consent]}
          >
            {labels[consent] ?? f[consent]}
          </CheckField>
        ))}
      </fieldset>

      {postedOutcome === "sent" ? (
        <p className="notice form-notice" role="status">
          <strong>{T.contact.successTitle}</strong> {T.contact.successText}
        </p>
      ) : null}
      {postedOutcome === "failed" ? (
        <p className="notice notice--error form-notice" role="alert">
          <strong>{T.contact.errorTitle}</strong> {T.contact.errorText}
        </p>
      ) : null}
      {notice ? (
        <p className="notice notice--error form-notice" role="alert">
          <strong>{TC.form.throttledTitle}</strong> {notice}
        </p>
      ) : null}

      {/* The honeypot: people and screen readers never meet it (see the comment at the top). */}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${uid}website`}>{TC.form.honeypot}</label>
        <input
          id={`${uid}website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
        />
      </div>
      <input type="hidden" name="formToken" value={formToken ?? ""} />

      <div className="form-actions">
        {/* Enabled from the first paint: before React runs (or without JavaScript) the form posts to the server. */}
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? T.contact.sending : T.contact.submit}
          {pending ? null : <Icon name="arrowRight" />}
        </button>
        <button type="button" className="btn btn-outline" onClick={clear} disabled={!ready || pending}>
          {T.contact.clearForm}
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
