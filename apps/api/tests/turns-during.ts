/**
 * Counts the turns the event loop gets while `work` runs: a check-phase callback that schedules itself again, so
 * each count is one pass of the loop in which timers, I/O and other requests could have run. Work that holds the
 * loop from start to end counts none (decisions 0079 and 0087).
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { value: await work(), turns };
  } finally {
    running = false;
  }
}
