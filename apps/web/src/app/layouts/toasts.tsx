import { ToastContainer } from 'react-toastify';

/** SPEC §4: dragging a toast beyond 80 % of its width dismisses it. */
export const TOAST_DRAG_PERCENT = 80;

/**
 * The toast container (SPEC §2: always present), with react-toastify's defaults: top right, 5 seconds.
 * react-toastify 11 injects its own CSS from this entry. The root layout loads this file lazily, so the
 * library stays out of the first page's JavaScript; toasts raised before it has loaded are queued and shown.
 */
export default function Toasts() {
  return <ToastContainer draggablePercent={TOAST_DRAG_PERCENT} />;
}
