import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { fetchFormToken, submitInquiry } from "../../api";
import { useServiceLinks } from "../../data";
import { CM, L, loadWords, pageLanguage, T } from "../../i18n";
import { useSite, type PostedContactForm, type SiteInfo } from "../../site-context";
import { useToast } from "../Toast";

/**
 * The inquiry form's state and what it does (./ContactForm.tsx draws it): the values (as posted back by
 * the no-JavaScript form, or with the service "Book This Service" chose), the fields' messages, the
 * form token, the honeypot, checking with the shared schema (loaded at the first focus), sending, and
 * moving the focus to the first invalid field after the render that shows its message.
 */

export type FormValues = PostedContactForm["values"];
export type FieldName = keyof FormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY: FormValues = {
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
export const FIELD_ORDER: FieldName[] = [
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
export const GROUPS = new Set<FieldName>(["servicesInterested", "availabilityDays", "availabilityTimes"]);
export const HEALTH_MAX = 200;

export type GroupField = "servicesInterested" | "availabilityDays" | "availabilityTimes";
/** Days and times are kept in the order they are listed (Monday before Friday), whatever order they were ticked in. */
export const fixedOrder = (field: Exclude<GroupField, "servicesInterested">): readonly string[] =>
  Object.keys(field === "availabilityDays" ? L.weekdays : CM.times);
/** The days' and times' boxes: the values the inquiry keeps, labelled in the page's language. */
export const choicesOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The service "Book This Service" chose (/contact?service=<slug>): the server renders the page with it
 * (SiteInfo.bookService), and the browser reads its own address (the same on hydration; after a
 * navigation inside the site, the new one).
 */
function bookedSlug(site: SiteInfo): string | null {
  if (typeof window === "undefined") return site.bookService ?? null;
  return new URLSearchParams(window.location.search).get("service");
}

type ServiceLinks = ReturnType<typeof useServiceLinks>;

/**
 * The form's service boxes: the choices the clinic offers on it (data, in the site's order, General
 * Consultation last), each sent (and kept) by its English name and shown in the page's language; then,
 * before General Consultation, each service in `wanted` that the form does not offer (the one Book This
 * Service chose, or one a plain post sent back): one extra choice for this visit (issue 36), which the
 * server accepts because it names a service.
 */
function serviceOptionsFor(links: ServiceLinks, wanted: readonly string[]) {
  const options = links.contactChoices.map((value, index) => ({ value, label: links.contactChoiceLabels?.[index] ?? value }));
  const offered = new Set(links.contactChoices);
  const extra = links.services
    .filter((service) => wanted.includes(service.contactChoice) && !offered.has(service.contactChoice))
    .map((service) => ({ value: service.contactChoice, label: service.title }));
  // The choices end with General Consultation (contactServiceChoices); the page loads no more code to say so.
  options.splice(Math.max(options.length - 1, 0), 0, ...extra);
  return options;
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
    ([module]: [SchemaModule, unknown]) => {
      localize = (message) => module.localizedContactMessage(message, CM.messages);
      loadedSchema = module.contactSubmissionInput;
      return loadedSchema;
    },
  );
  // A failed load is tried again at the next focus or submit.
  loadingSchema.catch(() => {
    loadingSchema = null;
  });
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

export function useContactForm() {
  const uid = useId();
  const id = (field: FieldName) => `${uid}${field}`;
  const site = useSite();
  // Posted without JavaScript, the server answers with the page and the form as it left it.
  const posted = site.contactForm;
  const links = useServiceLinks();
  // What the form starts with: as a plain post left it, or with the service Book This Service chose.
  const [start] = useState<{ values: FormValues; booked?: string }>(() => {
    if (posted && posted.outcome !== "sent") return { values: posted.values };
    const slug = bookedSlug(site);
    const booked = slug ? links.services.find((service) => service.slug === slug)?.contactChoice : undefined;
    return booked ? { values: { ...EMPTY, servicesInterested: [booked] }, booked } : { values: EMPTY };
  });
  // The extra choice stays for the visit: Clear Form and a sent inquiry untick it, and it stays listed.
  const serviceOptions = serviceOptionsFor(links, start.values.servicesInterested);
  const [values, setValuesState] = useState<FormValues>(start.values);
  // The values as the last input left them, before the render that shows them: Preact renders after
  // the event (a microtask), so a script that fills the form and sends it in one go (a password
  // manager's fill-and-send) would otherwise send what the last render saw.
  const latest = useRef(values);
  const setValues = (next: FormValues) => {
    latest.current = next;
    setValuesState(next);
  };
  const [errors, setErrors] = useState<FieldErrors>((posted?.errors as FieldErrors | undefined) ?? {});
  const [notice, setNotice] = useState<string | null>(posted?.outcome === "throttled" ? (posted.message ?? null) : null);
  const [postedOutcome, setPostedOutcome] = useState(posted?.outcome);
  // The submit button works once React runs: before that, a press would post the form nowhere.
  const [ready, setReady] = useState(false);
  const focusNext = useRef<FieldName | null>(null);
  const { toast } = useToast();
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
    const next = { ...latest.current, [field]: value };
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
    const chosen = new Set(latest.current[field]);
    if (checked) chosen.add(value);
    else chosen.delete(value);
    const order = field === "servicesInterested" ? serviceOptions.map((option) => option.value) : fixedOrder(field);
    update(
      field,
      order.filter((item) => chosen.has(item)),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // The honeypot as the form holds it now (a bot fills it and sends in one go: see `latest`).
    const website = (event.currentTarget.elements.namedItem("website") as HTMLInputElement | null)?.value ?? honeypot;
    let schema = loadedSchema;
    if (!schema) {
      // Pressed before the schema's code arrived (its load started with the first focus): "Sending..." meanwhile.
      setPending(true);
      schema = await loadSchema().catch(() => null);
      setPending(false);
    }
    const values = latest.current;
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
    submitInquiry({ ...checked, formToken, website, language: pageLanguage().code })
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

  return {
    uid,
    id,
    formToken,
    values,
    errors,
    notice,
    postedOutcome,
    ready,
    pending,
    honeypot,
    setHoneypot,
    serviceOptions,
    /** The box Book This Service ticked: a link to the form lands on it (AppLink's scrollToHash). */
    bookedService: start.booked,
    update,
    toggle,
    onSubmit,
    clear,
    loadSchema,
  };
}
