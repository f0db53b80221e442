/**
 * How `npm run catalog:import` shows an import's progress: on a terminal a bar redrawn in place (rows done, rows
 * per second, time left); elsewhere (CI, a pipe, a log file) a plain line every few seconds, so a short import
 * prints nothing extra and a long one shows it is alive. Three phases: checking the file's rows, fetching images,
 * writing products.
 */
import cliProgress from 'cli-progress';

/** What the import is doing. */
export type ImportPhase = 'checking' | 'images' | 'writing';

/** `bar`: redrawn in place (a terminal); `lines`: a line every `everyMs`; `none`: nothing. */
export type ProgressMode = 'bar' | 'lines' | 'none';

/** Receives the import's progress callbacks; `stop` ends the display (call it before printing anything else). */
export interface ImportProgress {
  update(phase: ImportPhase, done: number, total: number): void;
  stop(): void;
}

const LABELS: Record<ImportPhase, { bar: string; line: string; unit: string }> = {
  checking: { bar: 'Checking', line: 'checked', unit: 'rows' },
  images: { bar: 'Images  ', line: 'ready', unit: 'images' },
  writing: { bar: 'Writing ', line: 'written', unit: 'products' },
};

const number = new Intl.NumberFormat('en-AU');

/** "42 s", "3 min 5 s". */
function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * A progress display. `write` takes a finished line (lines mode); the bar draws on `stream` (default stderr).
 * `now` (ms) is for tests. Rates are per phase: rows done in the phase over the time since it began.
 */
export function createImportProgress(options: {
  mode: ProgressMode;
  write: (line: string) => void;
  stream?: NodeJS.WritableStream;
  everyMs?: number;
  now?: () => number;
}): ImportProgress {
  const now = options.now ?? Date.now;
  const everyMs = options.everyMs ?? 5_000;
  let phase: ImportPhase | null = null;
  let phaseStart = 0;
  let phaseStartDone = 0;
  let lastLine = now();
  const rate = (done: number) => {
    const seconds = (now() - phaseStart) / 1000;
    return seconds > 0 ? (done - phaseStartDone) / seconds : 0;
  };

  if (options.mode === 'none') return { update() {}, stop() {} };

  if (options.mode === 'lines') {
    return {
      update(next, done, total) {
        if (next !== phase) {
          phase = next;
          phaseStart = now();
          phaseStartDone = done;
        }
        if (now() - lastLine < everyMs || done >= total || done === phaseStartDone) return;
        lastLine = now();
        const speed = rate(done);
        const left = speed > 0 ? `, about ${duration((total - done) / speed)} left` : '';
        const label = LABELS[next];
        options.write(
          `Importing: ${number.format(done)} of ${number.format(total)} ${label.unit} ${label.line} ` +
            `(${number.format(Math.round(speed))} a second${left})`,
        );
      },
      stop() {},
    };
  }

  const bar = new cliProgress.SingleBar(
    {
      format: '{phase} [{bar}] {value}/{total} {unit} | {speed}/s | {left}',
      hideCursor: true,
      stream: options.stream ?? process.stderr,
      formatValue: (value, _options, type) =>
        type === 'value' || type === 'total' ? number.format(value) : String(value),
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(next, done, total) {
      const payload = () => {
        const speed = rate(done);
        return {
          phase: LABELS[next].bar,
          unit: LABELS[next].unit,
          speed: number.format(Math.round(speed)),
          left: done >= total ? 'done' : speed > 0 ? `${duration((total - done) / speed)} left` : '',
        };
      };
      if (next !== phase) {
        if (started) bar.stop();
        phase = next;
        phaseStart = now();
        phaseStartDone = done;
        bar.start(total, done, payload());
        started = true;
        return;
      }
      bar.setTotal(total);
      bar.update(done, payload());
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
