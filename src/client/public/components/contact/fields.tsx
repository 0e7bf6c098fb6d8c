import type { InputHTMLAttributes, ReactNode } from "react";
import type { LegalKind } from "../../../../shared/legal";
import { LegalOpener } from "../../layout/LegalDialogs";
import { T } from "../../i18n";

/**
 * The building blocks of the inquiry form. Every control has a visible label; an error is tied to its
 * control with aria-invalid and aria-describedby, so a screen reader reads the message on focus.
 */

/** The visible asterisk; the "required" state itself is announced from the control (required attribute). */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {"\u00a0*"}
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} data-testid="field-error">
      {message}
    </p>
  );
}

/** The ids a control's aria-describedby lists: its hints first, then its error when shown. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

export function TextField({
  id,
  label,
  error,
  hint,
  required,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        className="input"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A group of checkboxes as a fieldset with a legend (services, days, times). */
export function ChoiceGroup({
  id,
  legend,
  hint,
  options,
  selected,
  onToggle,
  error,
  required,
  layout,
  name,
  landing,
}: {
  id: string;
  /** The form field's name: what a plain form post (without JavaScript) sends for each ticked box. */
  name: string;
  legend: string;
  hint?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  error?: string;
  required?: boolean;
  layout: "services" | "days" | "times";
  /** The value whose box a link to the form lands on (the service Book This Service ticked): see scrollToHash. */
  landing?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset
      className="choice-group"
      aria-describedby={describedBy(hint && hintId, error && errorId)}
      data-invalid={error ? "true" : undefined}
    >
      <legend>
        {legend}
        {required ? (
          <>
            <RequiredMark />
            <span className="visually-hidden">{` (${T.contact.fields.required})`}</span>
          </>
        ) : null}
      </legend>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className={`choice-grid choice-grid--${layout}`}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <label className="choice" key={option.value} htmlFor={optionId}>
              <input
                type="checkbox"
                id={optionId}
                name={name}
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => onToggle(option.value, event.target.checked)}
                aria-invalid={error ? true : undefined}
                data-landing={option.value === landing ? "" : undefined}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** One checkbox with its label (the texting opt-in and the three consents). */
export function CheckField({
  id,
  checked,
  onChange,
  error,
  hint,
  required,
  link,
  name,
  children,
}: {
  id: string;
  /** The form field's name (a plain form post sends "on" when ticked). */
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  /** What opens a document after the label's text (Privacy Policy, Terms and Conditions): see LegalOpener. */
  link?: { text: string; kind: LegalKind };
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const labelId = `${id}-label`;
  const linkId = `${id}-link`;
  // The button stands beside the <label>, not in it (a label holds one control: the W3C checker's
  // rule); the checkbox's name is the label's text and the button's, read together.
  return (
    <div className={`consent${error ? " consent--invalid" : ""}`}>
      <div className="check">
        <input
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          required={required}
          onChange={(event) => onChange(event.target.checked)}
          aria-labelledby={link ? `${labelId} ${linkId}` : labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId, error && errorId)}
        />
        <span>
          <label htmlFor={id} id={labelId}>
            {children}
          </label>
          {link ? (
            <>
              {" "}
              <LegalOpener kind={link.kind} id={linkId} className="inline-link">
                {link.text}
              </LegalOpener>
            </>
          ) : null}
          {required ? <RequiredMark /> : null}
        </span>
      </div>
      {hint ? (
        <p className="field-hint consent-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
