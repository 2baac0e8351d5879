import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from './cx';

/** One action of an {@link ActionsMenu}. */
export interface MenuAction {
  /** Unique within the menu. */
  id: string;
  label: string;
  onSelect(): void;
  /** Drawn in red: a change that removes or cannot be undone (it should still ask first). */
  danger?: boolean;
  disabled?: boolean;
}

/** Props of {@link ActionsMenu}. */
export interface ActionsMenuProps {
  actions: MenuAction[];
  /** The button's text ('Actions' unless given). */
  label?: string;
  /**
   * Which edge of the button the menu lines up with; by default the one that keeps it on screen (the end
   * when the button is in the right half of the window).
   */
  align?: 'start' | 'end';
}

/**
 * A button that opens a menu of actions (WAI-ARIA menu button): destructive actions live here
 * rather than as large buttons beside everyday ones. The button says it has a menu and whether
 * it is open; Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; the
 * arrows, Home and End move between items; Escape closes it and gives the focus back; Tab and a
 * click elsewhere close it. Choosing an item closes the menu and puts the focus back on the
 * button before the action runs, so a confirmation the action opens returns there too.
 */
export function ActionsMenu({ actions, label = 'Actions', align }: ActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<'start' | 'end'>(align ?? 'end');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const enabled = actions.map((action, index) => (action.disabled ? -1 : index)).filter((index) => index >= 0);

  const show = (at: 'first' | 'last') => {
    // On a phone the button may stand at the left: the menu opens rightwards there, never off screen.
    const rect = button.current?.getBoundingClientRect();
    if (!align && rect) setSide(rect.left + rect.width / 2 > window.innerWidth / 2 ? 'end' : 'start');
    setActive(at === 'first' ? (enabled[0] ?? 0) : (enabled[enabled.length - 1] ?? 0));
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // The focus follows the active item while the menu is open.
  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  // A click or a touch outside closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.indexOf(active);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: enabled.length - 1 };
    if (event.key in moves && enabled.length > 0) {
      event.preventDefault();
      setActive(enabled[(moves[event.key]! + enabled.length) % enabled.length]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const choose = (action: MenuAction) => {
    close(true);
    action.onSelect();
  };

  return (
    <div className="relative inline-block">
      <button
        ref={button}
        type="button"
        id={`${baseId}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${baseId}-menu` : undefined}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKey}
        className={cx(
          'inline-flex h-9 shrink-0 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 ' +
            'bg-white px-3.5 text-sm font-medium whitespace-nowrap text-slate-700 shadow-sm hover:bg-slate-50',
          'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none',
        )}
      >
        {label}
        <span aria-hidden="true" className={cx('text-xs transition-transform motion-reduce:transition-none', open && 'rotate-180')}>
          ▾
        </span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${baseId}-menu`}
          role="menu"
          aria-labelledby={`${baseId}-button`}
          onKeyDown={onMenuKey}
          className={cx(
            'absolute z-30 mt-1 min-w-48 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white py-1 shadow-lg',
            side === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {actions.map((action, index) => (
            <button
              key={action.id}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              disabled={action.disabled}
              aria-disabled={action.disabled || undefined}
              onClick={() => choose(action)}
              onMouseEnter={() => !action.disabled && setActive(index)}
              className={cx(
                'block w-full cursor-pointer px-3 py-2 text-left text-sm whitespace-nowrap focus:outline-none ' +
                  'disabled:cursor-not-allowed disabled:text-slate-400',
                action.danger ? 'text-red-700 focus:bg-red-50' : 'text-slate-800 focus:bg-slate-100',
              )}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
