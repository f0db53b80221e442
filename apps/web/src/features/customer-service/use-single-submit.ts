import { useRef, type FormEvent } from 'react';

/**
 * Wraps a form's submit handler so that a second submit while the first is still running does nothing
 * (issue 11: no double sends). The disabled button covers clicks; this also covers a quick second Enter.
 */
export function useSingleSubmit(
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
): (event: FormEvent<HTMLFormElement>) => void {
  const running = useRef(false);
  return (event) => {
    if (running.current) {
      event.preventDefault();
      return;
    }
    running.current = true;
    void submit(event).finally(() => {
      running.current = false;
    });
  };
}
