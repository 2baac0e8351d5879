/** The kernel's useForm with the kit's fields, as every form uses them. */
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
      throw new ApiError(400, 'The request is not valid.', { Message: 'The request is not valid.', errors: { email: 'This e-mail is already used.' } }, 'users/ada');
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
