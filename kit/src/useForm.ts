/**
 * The one form hook (STYLE.md): the valibot schema gives the spec's message under a field on
 * blur (once the user changed it) and on submit (and clears it as the user fixes the field); a 400's or a 409's field
 * errors (a rule the server checks, a taken name) land on the same fields; a submit that fails on fields moves focus to the first of them;
 * the submit button is busy (and disabled) while the call runs; any other failure is the
 * server's text or the form's fixed message.
 *
 * Values may nest: a field is named by its path ('name', 'rows.2.name'), the same dotted path
 * valibot's issues and the API's `errors` carry, and an editor of a list of rows uses
 * `form.rows(path)` (append, insert, remove, move, a stable key per row) so that each message
 * stays on its row when rows come, go or change places.
 */
import { useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import * as v from 'valibot';
import { ApiError, errorMessage, fieldErrors, KernelMessages, type FieldErrors } from 'shared';

/** Depth limit of {@link Path}: a form nests a list of rows, rarely more. */
type Prev = [never, 0, 1, 2, 3, 4];

/** Every dotted path into `T` ('name', 'rows', 'rows.2', 'rows.2.name'). */
export type Path<T, D extends number = 4> = [D] extends [never]
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | `${number}.${Path<E, Prev[D]>}`
    : T extends object
      ? { [K in keyof T & string]: K | `${K}.${Path<T[K], Prev[D]>}` }[keyof T & string]
      : never;

/** The value at a {@link Path} of `T`. */
export type PathValue<T, P extends string> = P extends `${infer Head}.${infer Tail}`
  ? T extends readonly (infer E)[]
    ? Head extends `${number}`
      ? PathValue<E, Tail>
      : never
    : Head extends keyof T
      ? PathValue<T[Head], Tail>
      : never
  : T extends readonly (infer E)[]
    ? P extends `${number}`
      ? E
      : never
    : P extends keyof T
      ? T[P]
      : never;

/** The paths of `T` that hold a list of rows. */
export type RowsPath<T> = { [P in Path<T>]: PathValue<T, P> extends readonly unknown[] ? P : never }[Path<T>];

type RowOf<T, P extends string> = PathValue<T, P> extends readonly (infer E)[] ? E : never;

export interface UseFormOptions<T extends object, S extends v.GenericSchema = v.GenericSchema<T, T>> {
  /** The form's schema (the API validates with the same one); it may depend on render state. */
  schema?: S;
  /**
   * Messages by path the schema cannot give (or given instead of a schema): checks that need
   * more than the values, such as a workflow item's whole body. A schema's message wins.
   */
  validate?(values: T): FieldErrors;
  /** The values to start from (and what `dirty` compares with). */
  initial: T;
  /**
   * Set when the values live above the form (an editor writing into a larger draft as the user
   * types): the form shows these and reports every change through `onValuesChange`.
   */
  values?: T;
  onValuesChange?(values: NoInfer<T>): void;
  /** Runs with the parsed values (the values themselves without a schema); throw (an ApiError) to report a failure. */
  onSubmit(output: v.InferOutput<S>): Promise<void> | void;
  /** The text when a failure carries no server message (the spec's fixed text). */
  failureMessage?: string;
  /**
   * For fields not inside a <form> of their own (a tab in a larger editor, submitted by a
   * button's click): the element holding them, where a failed submit looks for the first field to focus.
   */
  root?: RefObject<HTMLElement | null>;
}

export interface FieldProps {
  name: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>): void;
  onBlur(): void;
  'aria-invalid'?: true;
}

/** How {@link Form.field} reads a non-text value from its control and writes it back. */
export interface FieldCodec<V> {
  /** The control's text as the value ('' from a number input: 0, or null). */
  parse(text: string): V;
  /** The value as the control's text; `String(value ?? '')` when not given. */
  format?(value: V): string;
}

/** One row of a {@link Rows} list: `key` for React (it stays with the row when rows move), `index` its place now. */
export interface RowField {
  key: string;
  index: number;
}

/** The row helpers of a list at one path (react-hook-form's useFieldArray, on this hook). */
export interface Rows<R> {
  /** The rows, in order, each with a key that follows it. */
  fields: RowField[];
  /** Adds a row at the end; returns its key. One row change per event: the next one sees the rows of the next render. */
  append(row: R): string;
  /** Adds a row at `index`; returns its key. */
  insert(index: number, row: R): string;
  /** Removes a row and its messages; the rows after it keep theirs. */
  remove(index: number): void;
  /** Moves a row (drag or keyboard) with its messages. */
  move(from: number, to: number): void;
  /** The list's own message (at least two rows, names unique): shown once the list was changed, or after a submit. */
  error: string | undefined;
}

export interface Form<T extends object> {
  values: T;
  /** Sets the value at `path` (a top-level name, or a dotted path); it counts as changed by the user. */
  setValue<K extends keyof T & string>(name: K, value: T[K]): void;
  setValue<P extends Path<T>>(path: P, value: PathValue<T, P>): void;
  /** Props for an input bound to `path` (name, value, onChange, onBlur, aria-invalid); `codec` for a value that is not text. */
  field<K extends keyof T & string>(name: K, codec?: FieldCodec<T[K]>): FieldProps;
  field<P extends Path<T>>(path: P, codec?: FieldCodec<PathValue<T, P>>): FieldProps;
  /** The same, but the field's message shows as it is typed, not only once the field is left (a name checked as it is typed). */
  liveField<K extends keyof T & string>(name: K, codec?: FieldCodec<T[K]>): FieldProps;
  liveField<P extends Path<T>>(path: P, codec?: FieldCodec<PathValue<T, P>>): FieldProps;
  /** Marks the field at `path` as left: for a control bound without `field` (a checkbox list, a picker). */
  touch(path: string): void;
  /** The message to show under `path`, if any. */
  error(path: string): string | undefined;
  /** Every message shown now (after a submit, the form's whole list). */
  errors: FieldErrors;
  /** The row helpers of the list at `path`. */
  rows<P extends RowsPath<T>>(path: P): Rows<RowOf<T, P>>;
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
  /** The `onSubmit` of the <form>, or a button's onClick when the fields are not in a form of their own (see the `root` option). */
  submit(event?: FormEvent | { preventDefault(): void }): Promise<void>;
  /**
   * Starts again: from `values` (else the start or the last save) when the form holds its
   * values, and forgets what was left, changed and submitted and the server's messages.
   */
  reset(values?: T): void;
}

/** The <form> a submit event came from; read before any await (React clears `currentTarget`). */
function formOf(event: { currentTarget?: unknown; target?: unknown } | undefined): HTMLFormElement | null {
  const target = event?.currentTarget ?? event?.target;
  return target instanceof HTMLFormElement ? target : null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

/**
 * Moves focus to the first field (in the form's order) whose name has a message, so a
 * keyboard or screen-reader user lands on what to fix; a field without a name is found by
 * its aria-invalid once the messages are drawn.
 */
function focusFirstError(root: HTMLElement | null, names: string[]): void {
  if (!root || names.length === 0) return;
  const wanted = new Set(names);
  const isControl = (element: Element): element is Control =>
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLButtonElement;
  const controls = root instanceof HTMLFormElement ? Array.from(root.elements) : Array.from(root.querySelectorAll('input, select, textarea, button'));
  const named = controls.find(
    (element): element is Control => isControl(element) && wanted.has(element.name) && !element.disabled && !element.hidden && element.type !== 'hidden',
  );
  if (named) named.focus();
  else requestAnimationFrame(() => root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

const segments = (path: string) => (path === '' ? [] : path.split('.'));

/** The value at a dotted path, or undefined. */
function getAt(values: unknown, path: string): unknown {
  let here = values;
  for (const key of segments(path)) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** Whether a dotted path names a place in the values (for the server's field errors). */
function hasPath(values: unknown, path: string): boolean {
  let here = values;
  for (const key of segments(path)) {
    if (here === null || typeof here !== 'object' || !(key in here)) return false;
    here = (here as Record<string, unknown>)[key];
  }
  return true;
}

/** A copy of `values` with `value` at `path` (arrays stay arrays). */
function setAt<T>(values: T, path: string, value: unknown): T {
  const [key, ...rest] = segments(path);
  if (key === undefined) return value as T;
  const here = (values ?? {}) as Record<string, unknown>;
  const next = rest.length === 0 ? value : setAt(here[key], rest.join('.'), value);
  if (Array.isArray(here)) {
    const copy = [...here];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...here, [key]: next } as T;
}

/** Whether two values hold the same data (NaN equals NaN: a cleared number field). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Renumbers the path-keyed entries under the list at `list` after rows moved: `place(i)` is
 * row i's new index, or null when it was removed (its entries go with it).
 */
function renumber<V>(record: Readonly<Record<string, V>>, list: string, place: (index: number) => number | null): Record<string, V> {
  const prefix = `${list}.`;
  const out: Record<string, V> = {};
  for (const [path, value] of Object.entries(record)) {
    if (!path.startsWith(prefix)) {
      out[path] = value;
      continue;
    }
    const [index = '', ...rest] = path.slice(prefix.length).split('.');
    const to = /^\d+$/.test(index) ? place(Number(index)) : Number.NaN;
    if (to === null) continue;
    if (Number.isNaN(to)) out[path] = value;
    else out[[`${prefix}${to}`, ...rest].join('.')] = value;
  }
  return out;
}

/** Each path and the lists above it ('rows.2.name' → 'rows.2.name', 'rows.2', 'rows'). */
function withAncestors(path: string): string[] {
  const parts = segments(path);
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

type Flags = Readonly<Record<string, true>>;

export function useForm<T extends object, S extends v.GenericSchema = v.GenericSchema<T, T>>({
  schema,
  validate,
  initial,
  values: controlled,
  onValuesChange,
  onSubmit,
  failureMessage = KernelMessages.unexpected,
  root: rootRef,
}: UseFormOptions<T, S>): Form<T> {
  const [own, setOwn] = useState<T>(initial);
  const values = controlled ?? own;
  // What the values are compared with for `dirty`: the start, then what was last saved.
  const [baseline, setBaseline] = useState<T>(initial);
  const [touched, setTouched] = useState<Flags>({});
  // Paths the user changed; a row added or moved counts as changed in every field (its path is here).
  const [edited, setEdited] = useState<Flags>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second submit while one runs (a double click, Enter twice) does nothing.
  const running = useRef(false);
  // Counts resets: a submit whose onSubmit started the form again keeps that start as its baseline.
  const resets = useRef(0);
  // A key per row of each list, kept in step with the rows' changes (React's `key`).
  const keys = useRef<Record<string, string[]>>({});
  const nextKey = useRef(0);

  const parsed = schema ? v.safeParse(schema, values) : null;
  const schemaErrors: FieldErrors = { ...(validate ? validate(values) : {}), ...(parsed && !parsed.success ? fieldErrors(parsed.issues) : {}) };
  const isEdited = (path: string) => withAncestors(path).some((one) => edited[one]);
  const errors: FieldErrors = {};
  // On blur only a field the user changed shows its message: leaving an untouched field (to
  // click a link or Login) must not push the page about under the pointer.
  for (const [path, message] of Object.entries(schemaErrors)) if (submitted || (touched[path] && isEdited(path))) errors[path] = message;
  for (const [path, message] of Object.entries(server)) errors[path] ??= message;

  const write = (change: (current: T) => T) => {
    if (controlled !== undefined) onValuesChange?.(change(controlled));
    else setOwn(change);
  };
  /** Forgets the server's messages at and under `path`: they were about the old value. */
  const dropServer = (path: string) =>
    setServer((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([one]) => one !== path && !one.startsWith(`${path}.`)));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
  const markEdited = (path: string) => setEdited((current) => (current[path] ? current : { ...current, [path]: true }));
  const touch = (path: string) => setTouched((current) => (current[path] ? current : { ...current, [path]: true }));

  const setValue = (path: string, value: unknown) => {
    write((current) => setAt(current, path, value));
    markEdited(path);
    dropServer(path);
  };

  const field = (path: string, codec?: FieldCodec<unknown>): FieldProps => {
    const value = getAt(values, path);
    return {
      name: path,
      value: codec?.format ? codec.format(value) : String(value ?? ''),
      onChange: (event) => setValue(path, codec ? codec.parse(event.target.value) : event.target.value),
      onBlur: () => touch(path),
      ...(errors[path] ? { 'aria-invalid': true as const } : {}),
    };
  };

  const rowKeys = (path: string, length: number): string[] => {
    const list = (keys.current[path] ??= []);
    while (list.length < length) list.push(`row-${nextKey.current++}`);
    list.length = length;
    return list;
  };

  /** Applies a change of the rows' order to the list, its keys and every path-keyed state. */
  const reorder = (
    path: string,
    change: <R>(rows: readonly R[], added: R) => R[],
    place: (index: number) => number | null,
    added?: { key: string; row: unknown },
  ) => {
    const current = (getAt(values, path) as unknown[] | undefined) ?? [];
    keys.current[path] = change(rowKeys(path, current.length), added?.key ?? '');
    write((now) => setAt(now, path, change((getAt(now, path) as unknown[] | undefined) ?? [], added?.row)));
    const moved = <V>(record: Readonly<Record<string, V>>) => renumber(record, path, place);
    setTouched(moved);
    setEdited((now) => ({ ...moved(now), [path]: true }));
    setServer(moved);
  };

  const rows = (path: string): Rows<unknown> => {
    const list = (getAt(values, path) as unknown[] | undefined) ?? [];
    const rowKeyList = rowKeys(path, list.length);
    const message = schemaErrors[path] ?? server[path];
    return {
      fields: rowKeyList.map((key, index) => ({ key, index })),
      append: (row) => rows(path).insert(list.length, row),
      insert(index, row) {
        const at = Math.max(0, Math.min(index, list.length));
        const key = `row-${nextKey.current++}`;
        reorder(
          path,
          (items, added) => [...items.slice(0, at), added, ...items.slice(at)],
          (i) => (i >= at ? i + 1 : i),
          { key, row },
        );
        // The new row is the user's change: its blanks say so once left.
        markEdited(`${path}.${at}`);
        return key;
      },
      remove(index) {
        reorder(
          path,
          (items) => items.filter((_, i) => i !== index),
          (i) => (i === index ? null : i > index ? i - 1 : i),
        );
      },
      move(from, to) {
        if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return;
        reorder(
          path,
          (items) => {
            const copy = [...items];
            const [one] = copy.splice(from, 1);
            copy.splice(to, 0, one!);
            return copy;
          },
          (i) => (i === from ? to : from < to ? (i > from && i <= to ? i - 1 : i) : i >= to && i < from ? i + 1 : i),
        );
      },
      error:
        message !== undefined && (submitted || server[path] !== undefined || Object.keys(edited).some((one) => one === path || one.startsWith(`${path}.`)))
          ? message
          : undefined,
    };
  };

  const isValid = Object.keys(schemaErrors).length === 0;

  return {
    values,
    setValue: setValue as Form<T>['setValue'],
    field: field as Form<T>['field'],
    liveField: ((path: string, codec?: FieldCodec<unknown>) => {
      const props = field(path, codec);
      return {
        ...props,
        onChange: (event) => {
          props.onChange(event);
          props.onBlur();
        },
      } satisfies FieldProps;
    }) as Form<T>['liveField'],
    touch,
    error: (path) => errors[path],
    errors,
    rows: rows as Form<T>['rows'],
    isValid,
    submitted,
    dirty: !busy && !same(values, baseline),
    busy,
    failure,
    reset(next) {
      if (controlled === undefined) {
        const start = next ?? baseline;
        setOwn(start);
        setBaseline(start);
      } else if (next !== undefined) setBaseline(next);
      resets.current += 1;
      keys.current = {};
      setTouched({});
      setEdited({});
      setSubmitted(false);
      setServer({});
      setFailure(null);
    },
    async submit(event) {
      event?.preventDefault();
      const root = formOf(event as FormEvent | undefined) ?? rootRef?.current ?? null;
      if (running.current) return;
      setSubmitted(true);
      setFailure(null);
      setServer({});
      if (!isValid) {
        focusFirstError(root, Object.keys(schemaErrors));
        return;
      }
      running.current = true;
      setBusy(true);
      const sent = values;
      const resetsBefore = resets.current;
      try {
        await onSubmit((parsed ? parsed.output : values) as v.InferOutput<S>);
        if (resets.current === resetsBefore) setBaseline(sent);
      } catch (error) {
        // A 400 (a rule broken) or a 409 (a taken name) that names the form's fields: one way, for every form.
        const fromServer = error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.fieldErrors : {};
        const onFields = Object.fromEntries(Object.entries(fromServer).filter(([path]) => hasPath(sent, path)));
        if (Object.keys(onFields).length) {
          setServer(onFields);
          focusFirstError(root, Object.keys(onFields));
        } else setFailure(errorMessage(error, failureMessage));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
  };
}
