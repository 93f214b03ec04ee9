import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldFrameProps {
  readonly label: ReactNode;
  /** The field's message (from the schema or the server), shown under it and tied to it. */
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly className?: string;
}

/** What a control needs to be tied to its label, hint and error. */
interface ControlProps {
  readonly id: string;
  readonly 'aria-invalid'?: true;
  readonly 'aria-describedby'?: string;
}

/** The ids of a field's hint and error, for `aria-describedby`. */
function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The hint and the error under a field. */
function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** Label, control, hint and error, wired for assistive technology (`aria-invalid`, `aria-describedby`). */
function FieldFrame({ label, error, hint, className, control }: FieldFrameProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled text input. */
export function TextField({ label, error, hint, className, ...input }: FieldFrameProps & Omit<ComponentProps<'input'>, 'className'>) {
  return <FieldFrame label={label} error={error} hint={hint} className={className} control={(tie) => <input {...tie} {...input} />} />;
}

/** A labelled multi-line text. */
export function TextAreaField({ label, error, hint, className, ...area }: FieldFrameProps & Omit<ComponentProps<'textarea'>, 'className'>) {
  return <FieldFrame label={label} error={error} hint={hint} className={className} control={(tie) => <textarea {...tie} {...area} />} />;
}

/** A labelled select. */
export function SelectField({ label, error, hint, className, ...select }: FieldFrameProps & Omit<ComponentProps<'select'>, 'className'>) {
  return <FieldFrame label={label} error={error} hint={hint} className={className} control={(tie) => <select {...tie} {...select} />} />;
}

/** A group of choices (radios, checkboxes) with a legend and one message for the group. */
export function ChoiceGroup({
  legend,
  error,
  hint,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className={className ? `field ${className}` : 'field'} aria-describedby={describedBy(id, hint, error)}>
      <legend>{legend}</legend>
      <div className="stack-tight">{children}</div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}
