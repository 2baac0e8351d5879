/** The kernel's useForm with the kit's fields, as every form uses them. */
import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { ApiError } from 'shared';
import { useForm } from './useForm';
import { Button } from './Button';
import { FormField } from './FormField';
import { Input } from './Input';

const Schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required.')),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('E-mail is required.'), v.email('Please enter a valid e-mail.')),
});

function UserForm({ onSubmit, disableWhenInvalid = false }: { onSubmit(values: v.InferOutput<typeof Schema>): Promise<void>; disableWhenInvalid?: boolean }) {
  const form = useForm({ schema: Schema, initial: { name: '', email: '' }, onSubmit, failureMessage: 'Failed to save user' });
  return (
    <form onSubmit={form.submit} noValidate>
      {form.failure ? <p role="status">{form.failure}</p> : null}
      <span data-testid="dirty">{String(form.dirty)}</span>
      <FormField label="Name" error={form.error('name')}>
        <Input {...form.field('name')} />
      </FormField>
      <FormField label="E-mail" error={form.error('email')}>
        <Input {...form.field('email')} />
      </FormField>
      <Button type="submit" loading={form.busy} disabled={disableWhenInvalid && !form.isValid}>
        Save
      </Button>
    </form>
  );
}

describe('useForm', () => {
  it('shows a field’s message when the user leaves it after changing it, and clears it once fixed', async () => {
    render(<UserForm onSubmit={async () => undefined} />);
    // Passing through a field without typing (to click elsewhere) says nothing yet.
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.tab();
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.tab();
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.queryByText('E-mail is required.')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.queryByText('Name is required.')).not.toBeInTheDocument();
  });

  it('shows every message on submit and sends nothing', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<UserForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('moves focus to the first field in error, in the form’s order, on an invalid submit', async () => {
    render(<UserForm onSubmit={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-e-mail');
    // Enter from the first field submits: focus goes on to the one to fix.
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Please enter a valid e-mail.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('submits the parsed values once, disabling Save while busy', async () => {
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<UserForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), '  Ada ');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('puts a 400 reply’s field errors under the fields, until the field changes', async () => {
    const onSubmit = async () => {
      throw new ApiError(
        400,
        'The request is not valid.',
        { Message: 'The request is not valid.', errors: { email: 'This e-mail is already used.' } },
        'users/ada',
      );
    };
    render(<UserForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This e-mail is already used.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'x');
    expect(screen.queryByText('This e-mail is already used.')).not.toBeInTheDocument();
  });

  it('puts a 409 reply’s field errors (a taken name) under the field the same way', async () => {
    const onSubmit = async () => {
      throw new ApiError(409, 'This name is taken.', { Message: 'This name is taken.', errors: { name: 'This name is taken.' } }, 'groups');
    };
    render(<UserForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Crew');
    await userEvent.type(screen.getByLabelText('E-mail'), 'crew@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 's');
    expect(screen.queryByText('This name is taken.')).not.toBeInTheDocument();
  });

  it('shows the server’s text for another failure, else the form’s fixed message', async () => {
    const failures = [new ApiError(409, 'User name already exists.', undefined, 'users/ada'), new ApiError(500, undefined, undefined, 'users/ada')];
    render(<UserForm onSubmit={async () => Promise.reject(failures.shift())} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User name already exists.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Failed to save user');
  });

  it('tells whether the values are valid, for forms whose Save is disabled while invalid', async () => {
    render(<UserForm onSubmit={async () => undefined} disableWhenInvalid />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
  it('is dirty while its values differ from the start or the last save, and not while a save runs', async () => {
    let finish: (() => void) | undefined;
    let fail = true;
    const onSubmit = jest.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          finish = () => (fail ? reject(new Error('no')) : resolve());
        }),
    );
    render(<UserForm onSubmit={onSubmit} />);
    const dirty = () => screen.getByTestId('dirty').textContent;
    expect(dirty()).toBe('false');
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    expect(dirty()).toBe('true');
    // Saving: not dirty, so a form that moves on after saving is not asked about itself.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(dirty()).toBe('false');
    // A failed save leaves the changes unsaved.
    await act(async () => finish?.());
    expect(dirty()).toBe('true');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => finish?.());
    expect(dirty()).toBe('false');
    await userEvent.type(screen.getByLabelText('Name'), 'e');
    expect(dirty()).toBe('true');
  });
});

const RowsSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty('Title is required.')),
  rows: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(), v.trim(), v.nonEmpty('Row name is required.')),
        qty: v.pipe(v.number('Quantity is a number.'), v.minValue(1, 'Quantity must be at least 1.')),
      }),
    ),
    v.minLength(1, 'Add a row.'),
  ),
});
type RowsValues = v.InferInput<typeof RowsSchema>;
const threeRows: RowsValues = {
  title: 'Kit',
  rows: [
    { name: 'A', qty: 1 },
    { name: 'B', qty: 2 },
    { name: 'C', qty: 3 },
  ],
};

function RowsForm({ onSubmit, initial = threeRows }: { onSubmit(values: v.InferOutput<typeof RowsSchema>): Promise<void>; initial?: RowsValues }) {
  const form = useForm({ schema: RowsSchema, initial, onSubmit });
  const rows = form.rows('rows');
  return (
    <form onSubmit={form.submit} noValidate>
      <span data-testid="dirty">{String(form.dirty)}</span>
      <FormField label="Title" error={form.error('title')}>
        <Input {...form.field('title')} />
      </FormField>
      {rows.error ? <p role="alert">{rows.error}</p> : null}
      <ol>
        {rows.fields.map(({ key, index }) => (
          <li key={key}>
            <FormField label={`Name ${index + 1}`} error={form.error(`rows.${index}.name`)}>
              <Input {...form.field(`rows.${index}.name`)} />
            </FormField>
            <FormField label={`Quantity ${index + 1}`} error={form.error(`rows.${index}.qty`)}>
              <Input
                type="number"
                {...form.field(`rows.${index}.qty`, {
                  parse: (text) => (text === '' ? Number.NaN : Number(text)),
                  format: (qty) => (Number.isNaN(qty) ? '' : String(qty)),
                })}
              />
            </FormField>
            <Button variant="secondary" onClick={() => rows.remove(index)}>{`Remove row ${index + 1}`}</Button>
            <Button variant="secondary" onClick={() => rows.move(index, index - 1)}>{`Move row ${index + 1} up`}</Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => rows.append({ name: '', qty: 1 })}>
        Add row
      </Button>
      <Button variant="secondary" onClick={() => rows.insert(0, { name: 'First', qty: 1 })}>
        Insert first
      </Button>
      <Button type="submit">Save</Button>
    </form>
  );
}

const nameOf = (n: number) => screen.getByLabelText(`Name ${n}`) as HTMLInputElement;
const names = () => screen.getAllByLabelText(/^Name \d/).map((input) => (input as HTMLInputElement).value);

describe('useForm with rows', () => {
  it('shows a row field’s message on blur once changed, and keeps it on its row when rows move', async () => {
    render(<RowsForm onSubmit={async () => undefined} />);
    await userEvent.clear(nameOf(2));
    await userEvent.tab();
    expect(nameOf(2)).toHaveAccessibleDescription('Row name is required.');
    const blank = nameOf(2);
    await userEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    expect(names()).toEqual(['', 'A', 'C']);
    // The same input moved (its key followed the row), and its message with it.
    expect(nameOf(1)).toBe(blank);
    expect(nameOf(1)).toHaveAccessibleDescription('Row name is required.');
    expect(nameOf(2)).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    expect(names()).toEqual(['A', '', 'C']);
    expect(nameOf(2)).toHaveAccessibleDescription('Row name is required.');
    expect(nameOf(1)).not.toHaveAccessibleDescription();
  });

  it('takes a removed row’s messages with it; the rows after it keep theirs', async () => {
    render(<RowsForm onSubmit={async () => undefined} />);
    await userEvent.clear(nameOf(1));
    await userEvent.clear(nameOf(3));
    await userEvent.tab();
    expect(nameOf(1)).toHaveAccessibleDescription('Row name is required.');
    expect(nameOf(3)).toHaveAccessibleDescription('Row name is required.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(names()).toEqual(['B', '']);
    expect(nameOf(1)).not.toHaveAccessibleDescription();
    expect(nameOf(2)).toHaveAccessibleDescription('Row name is required.');
    // An inserted row pushes the messages down with their rows.
    await userEvent.click(screen.getByRole('button', { name: 'Insert first' }));
    expect(names()).toEqual(['First', 'B', '']);
    expect(nameOf(3)).toHaveAccessibleDescription('Row name is required.');
    expect(nameOf(2)).not.toHaveAccessibleDescription();
  });

  it('counts a row the user added as changed: its blank field says so once left', async () => {
    render(<RowsForm onSubmit={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.click(nameOf(4));
    await userEvent.tab();
    expect(nameOf(4)).toHaveAccessibleDescription('Row name is required.');
    // Passing through a saved row’s field without changing it says nothing.
    expect(nameOf(1)).not.toHaveAccessibleDescription();
  });

  it('shows the list’s own message once the list changed', async () => {
    render(<RowsForm onSubmit={async () => undefined} initial={{ title: 'Kit', rows: [{ name: 'A', qty: 1 }] }} />);
    expect(screen.queryByText('Add a row.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add a row.');
  });

  it('on submit shows every row’s messages, focuses the first failing row field and sends nothing', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<RowsForm onSubmit={onSubmit} />);
    await userEvent.clear(nameOf(3));
    await userEvent.clear(screen.getByLabelText('Quantity 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Quantity 2')).toHaveAccessibleDescription('Quantity is a number.');
    expect(nameOf(3)).toHaveAccessibleDescription('Row name is required.');
    // The first in the form's order.
    expect(screen.getByLabelText('Quantity 2')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Quantity 2'), '5');
    await userEvent.type(nameOf(3), ' Cable ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Kit',
      rows: [
        { name: 'A', qty: 1 },
        { name: 'B', qty: 5 },
        { name: 'Cable', qty: 3 },
      ],
    });
  });

  it('puts a 400’s row field errors on their rows, focused, moved with the row, and cleared once changed', async () => {
    const onSubmit = async () => {
      throw new ApiError(
        400,
        'The request is not valid.',
        { Message: 'The request is not valid.', errors: { 'rows.1.name': 'This name is taken.', 'rows.9.name': 'Not on this form.' } },
        'kits',
      );
    };
    render(<RowsForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This name is taken.')).toBeInTheDocument();
    expect(nameOf(2)).toHaveAccessibleDescription('This name is taken.');
    expect(nameOf(2)).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    expect(nameOf(1)).toHaveAccessibleDescription('This name is taken.');
    await userEvent.type(nameOf(1), 'x');
    expect(screen.queryByText('This name is taken.')).not.toBeInTheDocument();
  });

  it('is dirty while the nested values differ from the start', async () => {
    render(<RowsForm onSubmit={async () => undefined} />);
    const dirty = () => screen.getByTestId('dirty').textContent;
    expect(dirty()).toBe('false');
    await userEvent.type(nameOf(1), 'x');
    expect(dirty()).toBe('true');
    await userEvent.type(nameOf(1), '{Backspace}');
    expect(dirty()).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    expect(dirty()).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    expect(dirty()).toBe('false');
  });
});

/** A tab-like editor: its rows live in the parent's draft, checked by `validate`, applied by a button outside any <form>. */
function HeldList({ onApply }: { onApply(rows: string[]): void }) {
  const [draft, setDraft] = React.useState<{ tags: string[] }>({ tags: ['one'] });
  const root = React.useRef<HTMLDivElement>(null);
  const form = useForm({
    root,
    initial: draft,
    values: draft,
    onValuesChange: setDraft,
    validate: (values) => Object.fromEntries(values.tags.flatMap((tag, i) => (tag.trim() ? [] : [[`tags.${i}`, 'A tag is needed.']]))),
    onSubmit: (values) => onApply(values.tags),
  });
  const tags = form.rows('tags');
  return (
    <div ref={root}>
      <output data-testid="draft">{draft.tags.join(',')}</output>
      {tags.fields.map(({ key, index }) => (
        <FormField key={key} label={`Tag ${index + 1}`} error={form.error(`tags.${index}`)}>
          <Input {...form.field(`tags.${index}`)} />
        </FormField>
      ))}
      <Button onClick={() => tags.append('')}>Add tag</Button>
      <Button onClick={() => void form.submit()}>Apply</Button>
    </div>
  );
}

describe('useForm over values held above it', () => {
  it('writes every change into the owner’s values, checks them with validate, and focuses the first failing field on apply', async () => {
    const onApply = jest.fn();
    render(<HeldList onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByTestId('draft')).toHaveTextContent('one,,');
    await userEvent.type(screen.getByLabelText('Tag 3'), 'three');
    expect(screen.getByTestId('draft')).toHaveTextContent('one,,three');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Tag 2')).toHaveAccessibleDescription('A tag is needed.');
    expect(screen.getByLabelText('Tag 2')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Tag 2'), 'two');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(['one', 'two', 'three']);
  });
});
