import { render, screen } from '@testing-library/react';
import { FormField } from './FormField';
import { Input } from './Input';
import { Select } from './Select';

describe('FormField', () => {
  it('labels its control', () => {
    render(
      <FormField label="User Name">
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText('User Name')).toBeInstanceOf(HTMLInputElement);
  });

  it('exposes its error to screen readers', () => {
    render(
      <FormField label="User Name" error="User Name is required">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('User Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('User Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('User Name is required');
  });

  it('describes its control with the hint and error together', () => {
    render(
      <FormField label="Email" hint="We never share it." error="Please make sure you enter an email">
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('We never share it. Please make sure you enter an email');
  });

  it('is valid and quiet without an error', () => {
    render(
      <FormField label="Email" hint="Work address">
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks required fields and keeps the id the control brings', () => {
    render(
      <FormField label="Role" required>
        <Select id="role-select" options={[{ value: 'admin', label: 'Admin' }]} />
      </FormField>,
    );
    const select = screen.getByLabelText(/Role/);
    expect(select).toHaveAttribute('id', 'role-select');
    expect(select).toBeRequired();
  });
});
