/**
 * Gives the browser's main thread back for a moment: resolves in a new task, after any input, rendering or other
 * task waiting (decision 0070, "The start in several tasks"). The app's start is split at these points so no one
 * of its steps, each tens of milliseconds on a mid-range phone, adds to another's and blocks input for longer
 * (Total Blocking Time counts each task's time past 50 ms). `scheduler.yield()` where the browser has it (it
 * resumes ahead of other tasks of the page), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
