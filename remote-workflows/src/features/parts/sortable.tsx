/**
 * What this remote's sortable lists share (the designer's phases and each phase's items, a
 * preservation's steps), to be reordered: the pointer sensor (a drag starts after 4 px, so a
 * click on the handle stays a click), the keyboard sensor (Space picks up, the arrow keys move,
 * Space drops, Escape cancels), the screen-reader texts naming what moved and where, and the
 * handle.
 */
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Modifier,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { GripIcon } from 'kit';

// The sensors' options, made once: new options each render would make new sensors, and every
// entry of the list would be drawn again with them.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** The sensors of a sortable list: pointer and keyboard. */
export function useSortSensors() {
  return useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
}

/** A list's modifiers: up and down only (one array, the same each render). */
export const VERTICAL_ONLY: Modifier[] = [({ transform }) => ({ ...transform, x: 0 })];

/** How to use a handle, read with it by screen readers. */
export const sortInstructions = (noun: string): ScreenReaderInstructions => ({
  draggable: `To move this ${noun}, press Space or Enter, then the up and down arrow keys, then Space or Enter again to drop it; Escape cancels.`,
});

/** What dnd-kit's events tell of an entry: its place in its list then, and the name given as `data.name` to useSortable. */
type EventEntry = { id: UniqueIdentifier; data: { current?: { name?: string; sortable?: { index: number; items: readonly unknown[] } } | undefined } };

/**
 * The moves announced (the live region of the list's DndContext): 'Phase Test moved to position
 * 1 of 3'. Positions come from the event (the list as it was when it happened: the drop is
 * announced once the list has moved); names from the entry's `data.name` (useSortable's data),
 * else from `read()`, the list's entries' ids and names.
 */
export function sortAnnouncements(noun: string, read: (() => readonly { id: UniqueIdentifier; name: string }[]) | null, suffix = ''): Announcements {
  const nameOf = (entry: EventEntry) => entry.data.current?.name ?? read?.().find((one) => one.id === entry.id)?.name ?? '';
  const at = (entry: EventEntry) => {
    const place = entry.data.current?.sortable;
    return place ? `position ${place.index + 1} of ${place.items.length}${suffix}` : `its place${suffix}`;
  };
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    onDragStart: ({ active }) => `Picked up ${noun} ${nameOf(active)} at ${at(active)}.`,
    onDragOver: ({ active, over }) => (over ? `${Noun} ${nameOf(active)} is over ${at(over)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${Noun} ${nameOf(active)} moved to ${at(over)}.` : `${Noun} ${nameOf(active)} was dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${noun} ${nameOf(active)} was cancelled: it stays at ${at(active)}.`,
  };
}

/** A sortable entry's handle: a button that drags it (pointer) or moves it (keyboard). */
export function SortHandle({
  label,
  attributes,
  listeners,
  setRef,
  disabled,
}: {
  label: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setRef: (element: HTMLElement | null) => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      ref={setRef}
      {...attributes}
      {...(disabled ? {} : listeners)}
      aria-label={label}
      aria-disabled={disabled || undefined}
      className="flex size-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-500
          hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500
          focus-visible:outline-none active:cursor-grabbing aria-disabled:cursor-not-allowed"
    >
      <GripIcon />
    </button>
  );
}
