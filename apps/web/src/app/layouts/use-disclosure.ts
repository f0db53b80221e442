import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a panel (the WAI-ARIA disclosure pattern used for site navigation):
 * click or tap toggles, Escape closes and puts focus back on the button, and the panel closes when focus
 * or a tap goes elsewhere and whenever the page changes.
 */
export function useDisclosure<B extends HTMLElement = HTMLButtonElement>() {
  const { key } = useLocation();
  // Remember the page it was opened on: a navigation closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === key;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<B>(null);

  const setOpen = useCallback((next: boolean) => setOpenedOn(next ? key : null), [key]);
  const toggle = useCallback(() => setOpenedOn((was) => (was === key ? null : key)), [key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenedOn(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      setOpenedOn(null);
      buttonRef.current?.focus();
    },
    [open],
  );

  const onBlur = useCallback(
    (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (open && !(next instanceof Node && rootRef.current?.contains(next))) setOpenedOn(null);
    },
    [open],
  );

  return {
    open,
    setOpen,
    toggle,
    /** The panel's id, for the button's aria-controls. */
    panelId,
    /** On the element that wraps the button and its panel, with `onKeyDown` and `onBlur`. */
    rootRef,
    /** On the toggle button: Escape brings focus back to it. */
    buttonRef,
    onKeyDown,
    onBlur,
  };
}
