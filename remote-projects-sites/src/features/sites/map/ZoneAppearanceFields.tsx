import { useId } from 'react';
import { stepOpacity, type ZoneAppearance } from './siteMap.zone';

/** Props of {@link ZoneAppearanceFields}. */
export interface ZoneAppearanceFieldsProps {
  value: ZoneAppearance;
  onChange(value: ZoneAppearance): void;
  disabled: boolean;
}

function ColorInput({ label, value, onChange }: { label: string; value: string; onChange(color: string): void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={value}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
          className="h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white p-1 focus-visible:ring-2
              focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed"
        />
        <span className="font-mono text-xs text-slate-600">{value}</span>
      </div>
    </div>
  );
}

/** Spec 1 §9: opacity from 0 to 1 in steps of 0.1. */
function OpacityInput({ label, value, onChange }: { label: string; value: number; onChange(opacity: number): void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={value}
          onChange={(event) => onChange(stepOpacity(Number(event.target.value)))}
          className="w-full min-w-0 accent-brand-600"
        />
        <output htmlFor={id} className="w-8 shrink-0 text-right text-xs text-slate-600">
          {value.toFixed(1)}
        </output>
      </div>
    </div>
  );
}

/**
 * The zone's look (spec 1 §2 site view: site and border colour pickers, opacity sliders from 0 to
 * 1 in steps of 0.1), drawn on the map as it changes.
 */
export function ZoneAppearanceFields({ value, onChange, disabled }: ZoneAppearanceFieldsProps) {
  const set =
    <K extends keyof ZoneAppearance>(key: K) =>
    (next: ZoneAppearance[K]) =>
      onChange({ ...value, [key]: next });
  return (
    <fieldset disabled={disabled} className="min-w-0 space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Zone appearance</legend>
      <div className="grid grid-cols-2 gap-3">
        <ColorInput label="Site colour" value={value.siteColor} onChange={set('siteColor')} />
        <ColorInput label="Border colour" value={value.borderColor} onChange={set('borderColor')} />
      </div>
      <OpacityInput label="Site opacity" value={value.siteOpacity} onChange={set('siteOpacity')} />
      <OpacityInput label="Border opacity" value={value.borderOpacity} onChange={set('borderOpacity')} />
    </fieldset>
  );
}
