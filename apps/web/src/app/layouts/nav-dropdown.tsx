import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import { useDisclosure } from './use-disclosure';

export interface NavDropdownProps {
  label: ReactNode;
  children: ReactNode;
  /** Extra class on the wrapper, e.g. `nav-dropdown--mega` for the full-width Shop menu. */
  className?: string;
  buttonClassName?: string;
  /** Called when the shopper shows interest (hover or focus on the button), e.g. to start loading the list. */
  onIntent?: () => void;
}

/**
 * A navigation dropdown (disclosure): the button toggles a panel of links; works with a mouse, a finger and
 * the keyboard (Enter/Space toggle, Tab moves through the links, Escape closes and returns to the button).
 */
export function NavDropdown({
  label,
  children,
  className,
  buttonClassName = 'main-nav__link main-nav__toggle',
  onIntent,
}: NavDropdownProps) {
  const { open, toggle, panelId, rootRef, buttonRef, onKeyDown, onBlur } = useDisclosure();
  return (
    <div
      ref={rootRef}
      className={['nav-dropdown', className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) onIntent?.();
          toggle();
        }}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {label}
        <ChevronDownIcon />
      </button>
      {/* The links are built only when shown: less work on every page load. */}
      <div id={panelId} className="nav-dropdown__panel" hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
