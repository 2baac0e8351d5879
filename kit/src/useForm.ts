/**
 * The one form hook (STYLE.md): the valibot schema gives the spec's message under a field on
 * blur (once the user changed it) and on submit (and clears it as the user fixes the field); a 400's or a 409's field
 * errors (a rule the server checks, a taken name) land on the same fields; a submit that fails on fields moves focus to the first of them;
 * the submit button is busy (and disabled) while the call runs; any other failure is the
 * server's text or the form's fixed message.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import * as v from 'valibot';
import { ApiError, errorMessage, fieldErrors, KernelMessages, type FieldErrors } from 'shared';

type Values = Record<string, string | boolean>;

export interface UseFormOptions<T extends Values, S extends v.GenericSchema> {
  /** The form's schema (the API validates with the same one); it may depend on render state. */
  schema: S;
  initial: T;
  /** Runs with the parsed values; throw (an ApiError) to report a failure. */
  onSubmit(output: v.InferOutput<S>): Promise<void> | void;
  /** The text when a failure carries no server message (the spec's fixed text). */
  failureMessage?: string;
}

export interface FieldProps {
  name: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  onBlur(): void;
  'aria-invalid'?: true;
}

export interface Form<T extends Values> {
  values: T;
  setValue<K extends keyof T & string>(name: K, value: T[K]): void;
  /** Props for an input bound to `name` (value, onChange, onBlur, aria-invalid). */
  field(name: keyof T & string): FieldProps;
  /** The same, but the field's message shows as it is typed, not only once the field is left (a name checked as it is typed). */
  liveField(name: keyof T & string): FieldProps;
  /** The message to show under `name`, if any. */
  error(name: string): string | undefined;
  /** Every message shown now (after a submit, the form's whole list). */
  errors: FieldErrors;
  /** Whether the values pass the schema now (for 'Save is disabled while the form is invalid'). */
  isValid: boolean;
  /** True once a submit was tried. */
  submitted: boolean;
  /**
   * Values differ from the start (or from the last successful submit), and no submit runs:
   * what `useUnsavedChanges(form.dirty)` guards. False while a submit runs, so a form that
   * moves on after saving is not asked about its own changes.
   */
  dirty: boolean;
  busy: boolean;
  /** A failure that belongs to no field. */
  failure: string | null;
  /** The `onSubmit` of the <form>. */
  submit(event?: FormEvent): Promise<void>;
}

/** The <form> a submit event came from; read before any await (React clears `currentTarget`). */
function formOf(event: FormEvent | undefined): HTMLFormElement | null {
  const target = event?.currentTarget ?? event?.target;
  return target instanceof HTMLFormElement ? target : null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

/**
 * Moves focus to the first field (in the form's order) whose name has a message, so a
 * keyboard or screen-reader user lands on what to fix; a field without a name is found by
 * its aria-invalid once the messages are drawn.
 */
function focusFirstError(form: HTMLFormElement | null, names: string[]): void {
  if (!form || names.length === 0) return;
  const wanted = new Set(names);
  const isControl = (element: Element): element is Control =>
    element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement || element instanceof HTMLButtonElement;
  const named = Array.from(form.elements).find(
    (element): element is Control => isControl(element) && wanted.has(element.name) && !element.disabled && !element.hidden && element.type !== 'hidden',
  );
  if (named) named.focus();
  else requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export function useForm<T extends Values, S extends v.GenericSchema>({ schema, initial, onSubmit, failureMessage = KernelMessages.unexpected }: UseFormOptions<T, S>): Form<T> {
  const [values, setValues] = useState<T>(initial);
  // What the values are compared with for `dirty`: the start, then what was last saved.
  const [baseline, setBaseline] = useState<T>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [edited, setEdited] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second submit while one runs (a double click, Enter twice) does nothing.
  const running = useRef(false);

  const parsed = v.safeParse(schema, values);
  const schemaErrors = parsed.success ? {} : fieldErrors(parsed.issues);
  const errors: FieldErrors = {};
  // On blur only a field the user changed shows its message: leaving an untouched field (to
  // click a link or Login) must not push the page about under the pointer.
  for (const [name, message] of Object.entries(schemaErrors)) if (submitted || (touched[name] && edited[name])) errors[name] = message;
  for (const [name, message] of Object.entries(server)) errors[name] ??= message;

  const setValue = <K extends keyof T & string>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setEdited((e) => (e[name] ? e : { ...e, [name]: true }));
    // The server's message was about the old value.
    setServer(({ [name]: _dropped, ...rest }) => rest);
  };

  const field = (name: keyof T & string): FieldProps => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event) => setValue(name, event.target.value as T[typeof name]),
    onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
    ...(errors[name] ? { 'aria-invalid': true as const } : {}),
  });

  return {
    values,
    setValue,
    field,
    liveField: (name) => {
      const props = field(name);
      return {
        ...props,
        onChange: (event) => {
          props.onChange(event);
          props.onBlur();
        },
      };
    },
    error: (name) => errors[name],
    errors,
    isValid: parsed.success,
    submitted,
    dirty: !busy && Object.keys(values).some((name) => values[name] !== baseline[name]),
    busy,
    failure,
    async submit(event) {
      event?.preventDefault();
      const form = formOf(event);
      if (running.current) return;
      setSubmitted(true);
      setFailure(null);
      setServer({});
      if (!parsed.success) {
        focusFirstError(form, Object.keys(schemaErrors));
        return;
      }
      running.current = true;
      setBusy(true);
      const sent = values;
      try {
        await onSubmit(parsed.output);
        setBaseline(sent);
      } catch (error) {
        // A 400 (a rule broken) or a 409 (a taken name) that names the form's fields: one way, for every form.
        const fromServer = error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.fieldErrors : {};
        const onFields = Object.fromEntries(Object.entries(fromServer).filter(([name]) => name in values));
        if (Object.keys(onFields).length) {
          setServer(onFields);
          focusFirstError(form, Object.keys(onFields));
        } else setFailure(errorMessage(error, failureMessage));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
  };
}
