import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, FormField, Input, Select, type FieldProps, type Form } from 'kit';
import { SortHandle, sortAnnouncements, sortInstructions, useSortSensors, VERTICAL_ONLY } from '../parts/sortable';
import type { DraftStep, PreservationDraft, StepList as StepListKind } from './preservationDraft';

const UNITS = [
  { value: 0, label: 'Days' },
  { value: 1, label: 'Hours' },
];

interface StepListProps {
  list: StepListKind;
  title: string;
  /** The editor's form: the list's rows are `form.rows(list)`, each step's messages the form's. */
  form: Form<PreservationDraft>;
  onAdd: () => void;
  readOnly: boolean;
}

/** An interval's text: '' while the field is empty (NaN until a number is typed). */
const interval = { parse: (text: string) => (text === '' ? Number.NaN : Number(text)), format: (value: number) => (Number.isNaN(value) ? '' : String(value)) };
const unit = { parse: (text: string): 0 | 1 => (Number(text) === 1 ? 1 : 0) };

/**
 * One of the editor's two step lists (initial, recurring): each step's name, interval and unit,
 * reordered by dragging its handle or by keyboard (dnd-kit's keyboard sensor, each move
 * announced), removed with Delete, added with Add New Step. The rows are the form's, so a
 * step's messages move and go with it. A step's message shows as it is typed (liveField): shown
 * on leaving the field, it would push Save down under a pointer already on its way there.
 */
export function StepList({ list, title, form, onAdd, readOnly }: StepListProps) {
  const sensors = useSortSensors();
  const steps = form.values[list];
  const rows = form.rows(list);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    rows.move(
      steps.findIndex((step) => step.key === String(active.id)),
      steps.findIndex((step) => step.key === String(over.id)),
    );
  };
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
          accessibility={{
            announcements: sortAnnouncements('step', () => steps.map((step) => ({ id: step.key, name: step.name || 'unnamed' })), ` in ${title}`),
            screenReaderInstructions: sortInstructions('step'),
          }}
        >
          <SortableContext items={steps.map((step) => step.key)} strategy={verticalListSortingStrategy}>
            <ol className="space-y-2">
              {rows.fields.map(({ key, index }) => (
                <StepRow
                  key={key}
                  step={steps[index]!}
                  position={index + 1}
                  name={form.liveField(`${list}.${index}.name`)}
                  nameError={form.error(`${list}.${index}.name`)}
                  interval={form.liveField(`${list}.${index}.interval`, interval)}
                  intervalError={form.error(`${list}.${index}.interval`)}
                  unit={form.field(`${list}.${index}.intervalUnit`, unit)}
                  onRemove={() => rows.remove(index)}
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
  /** The fields' props from the form. */
  name: FieldProps;
  nameError?: string;
  interval: FieldProps;
  intervalError?: string;
  unit: FieldProps;
  onRemove: () => void;
  readOnly: boolean;
}

function StepRow({ step, position, name, nameError, interval: intervalField, intervalError, unit: unitField, onRemove, readOnly }: StepRowProps) {
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
        <Input {...name} disabled={readOnly} />
      </FormField>
      <FormField label="Interval" error={intervalError} className="w-28">
        <Input {...intervalField} type="number" min={0} step="any" disabled={readOnly} />
      </FormField>
      <FormField label="Unit" className="w-28">
        <Select {...unitField} options={UNITS} disabled={readOnly} />
      </FormField>
      {!readOnly && (
        <Button variant="ghost" size="sm" className="mt-6" aria-label={`Delete step ${label}`} onClick={onRemove}>
          Delete
        </Button>
      )}
    </li>
  );
}
