import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfigMessages, type ConfigParameter } from 'contracts/licensing';
import { FormField, Input, Select, Switch, TagInput } from 'kit';
import { errorMessage } from 'shared';
import { fieldKind, labelOf, numberValue } from './configDraft';
import { materialStatusQuery } from './configs.api';

/** Spec 2 (MaterialCheckInOut): a materialStatus parameter left null does not change the status. */
export const DO_NOT_CHANGE_STATUS = 'Do Not Change Status';

/** Props of {@link ParameterField}. */
export interface ParameterFieldProps {
  parameter: ConfigParameter;
  /** The rules' messages for this parameter (configProblems), shown under it. */
  errors: readonly string[];
  disabled: boolean;
  onChange(value: unknown): void;
}

const errorOf = (errors: readonly string[]): ReactNode =>
  errors.length === 0
    ? undefined
    : errors.map((message) => (
        <span key={message} className="block">
          {message}
        </span>
      ));

/**
 * One parameter's field, by its kind (spec 1 §3 `inputType`): a number (positiveNumber: at least
 * 0), text, a switch, a list of strings, or a material status; labelled `label_name`, else its name.
 */
export function ParameterField({ parameter, errors, disabled, onChange }: ParameterFieldProps) {
  const label = labelOf(parameter);
  const kind = fieldKind(parameter);
  const error = errorOf(errors);
  switch (kind) {
    case 'bool':
      return (
        <div className="space-y-1">
          <Switch
            label={label}
            checked={parameter.value === true || parameter.value === 'true'}
            onCheckedChange={(checked) => onChange(checked)}
            disabled={disabled}
          />
          {error ? (
            <p role="alert" className="text-xs font-medium text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      );
    case 'list':
      return (
        <FormField label={label} error={error}>
          <TagInput
            value={Array.isArray(parameter.value) ? parameter.value.map(String) : []}
            onChange={onChange}
            noun="item"
            label={`Items of ${label}`}
            disabled={disabled}
          />
        </FormField>
      );
    case 'materialStatus':
      return <MaterialStatusField label={label} value={parameter.value} error={error} disabled={disabled} onChange={onChange} />;
    case 'number':
    case 'positiveNumber': {
      const blank = parameter.value === '' || parameter.value === null || parameter.value === undefined;
      return (
        <FormField label={label} error={error ?? (blank ? ConfigMessages.numberRequired : undefined)}>
          <Input
            type="number"
            inputMode="decimal"
            step="any"
            min={kind === 'positiveNumber' ? 0 : undefined}
            className="w-40"
            value={blank ? '' : String(parameter.value)}
            disabled={disabled}
            onChange={(event) => onChange(numberValue(event.target.value))}
          />
        </FormField>
      );
    }
    default:
      return (
        <FormField label={label} error={error}>
          <Input
            value={typeof parameter.value === 'string' ? parameter.value : String(parameter.value ?? '')}
            disabled={disabled}
            maxLength={2000}
            onChange={(event) => onChange(event.target.value)}
          />
        </FormField>
      );
  }
}

/** A materialStatus parameter: one of GET spot/status's options, or 'Do Not Change Status' (null). */
function MaterialStatusField({
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: unknown;
  error: ReactNode;
  disabled: boolean;
  onChange(value: unknown): void;
}) {
  const options = useQuery(materialStatusQuery());
  const choices = (options.data ?? []).map((option) => ({
    value: String(option.state ?? option.name ?? ''),
    label: option.name ?? String(option.state),
    stored: option.state ?? option.name ?? null,
  }));
  const current = value === null || value === undefined || value === '' ? '' : String(value);
  // A saved status the options no longer name stays shown, so saving another parameter keeps it.
  if (current !== '' && !choices.some((choice) => choice.value === current)) choices.push({ value: current, label: current, stored: value as string | number });
  return (
    <FormField label={label} error={error} hint={options.isError ? errorMessage(options.error, ConfigMessages.statusOptionsFailed) : undefined}>
      <Select
        value={current}
        disabled={disabled || options.isPending}
        placeholder={DO_NOT_CHANGE_STATUS}
        options={choices.map(({ value: optionValue, label: optionLabel }) => ({ value: optionValue, label: optionLabel }))}
        onChange={(event) => onChange(choices.find((choice) => choice.value === event.target.value)?.stored ?? null)}
      />
    </FormField>
  );
}
