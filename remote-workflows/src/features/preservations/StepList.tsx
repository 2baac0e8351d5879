import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo } from 'react';
import { Button, FormField, Input, Select } from 'kit';
import { SortHandle, sortAnnouncements, sortInstructions, useSortSensors, VERTICAL_ONLY } from '../parts/sortable';
import { moveStep, type DraftStep, type StepList as StepListKind } from './preservationDraft';

const UNITS = [
  { value: 0, label: 'Days' },
  { value: 1, label: 'Hours' },
];

interface StepListProps {
  list: StepListKind;
  title: string;
  steps: readonly DraftStep[];
  /** Messages by `<list>.<index>.<field>`. */
  errors: Record<string, string>;
  /** Whether a step's messages show yet (after an edit or a save). */
  shown: (key: string) => boolean;
  onChange: (steps: DraftStep[]) => void;
  onAdd: () => void;
  readOnly: boolean;
}

/**
 * One of the editor's two step lists (initial, recurring): each step's name, interval and unit,
 * reordered by dragging its handle or by keyboard (dnd-kit's keyboard sensor, each move
 * announced), removed with Delete, added with Add New Step.
 */
export function StepList({ list, title, steps, errors, shown, onChange, onAdd, readOnly }: StepListProps) {
  const sensors = useSortSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveStep(steps, String(active.id), String(over.id)));
  };
  const update = (key: string, change: Partial<DraftStep>) => onChange(steps.map((step) => (step.key === key ? { ...step, ...change } : step)));
  return (
    <section aria-labelledby={`${list}-steps-heading`} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${list}-steps-heading`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {!readOnly && (
          <Button variant="secondary" size="sm" onClick={onAdd} aria-label={`Add New Step to ${title}`}>
            Add New Step
          </Button>
        )}
      </div>
      {steps.length === 0 ? (
        <p className="text-sm text-slate-500">No steps.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={VERTICAL_ONLY}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: sortAnnouncements('step', () => steps.map((step) => ({ id: step.key, name: step.name || 'unnamed' })), ` in ${title}`), screenReaderInstructions: sortInstructions('step') }}
        >
          <SortableContext items={steps.map((step) => step.key)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2">
              {steps.map((step, index) => (
                <StepRow
                  key={step.key}
                  step={step}
                  position={index + 1}
                  nameError={shown(step.key) ? errors[`${list}.${index}.name`] : undefined}
                  intervalError={shown(step.key) ? errors[`${list}.${index}.interval`] : undefined}
                  onUpdate={update}
                  onRemove={(key) => onChange(steps.filter((s) => s.key !== key))}
                  readOnly={readOnly}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

interface StepRowProps {
  step: DraftStep;
  position: number;
  nameError?: string;
  intervalError?: string;
  onUpdate: (key: string, change: Partial<DraftStep>) => void;
  onRemove: (key: string) => void;
  readOnly: boolean;
}

const StepRow = memo(function StepRow({ step, position, nameError, intervalError, onUpdate, onRemove, readOnly }: StepRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: step.key, disabled: readOnly });
  const label = step.name || `${position}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-start gap-2 rounded border border-slate-200 bg-white p-2 ${isDragging ? 'z-10 shadow-lg' : ''}`}
    >
      <SortHandle label={`Move step ${label}`} attributes={attributes} listeners={listeners} setRef={setActivatorNodeRef} disabled={readOnly} />
      <FormField label="Step Name" error={nameError} required className="min-w-40 flex-1">
        <Input value={step.name} disabled={readOnly} onChange={(event) => onUpdate(step.key, { name: event.target.value })} />
      </FormField>
      <FormField label="Interval" error={intervalError} className="w-28">
        <Input
          type="number"
          min={0}
          step="any"
          value={Number.isNaN(step.interval) ? '' : step.interval}
          disabled={readOnly}
          onChange={(event) => onUpdate(step.key, { interval: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
        />
      </FormField>
      <FormField label="Unit" className="w-28">
        <Select value={step.intervalUnit} options={UNITS} disabled={readOnly} onChange={(event) => onUpdate(step.key, { intervalUnit: Number(event.target.value) === 1 ? 1 : 0 })} />
      </FormField>
      {!readOnly && (
        <Button variant="ghost" size="sm" className="mt-6" aria-label={`Delete step ${label}`} onClick={() => onRemove(step.key)}>
          Delete
        </Button>
      )}
    </li>
  );
});
