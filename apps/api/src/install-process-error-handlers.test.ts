/**
 * Errors nothing caught (issue 43 §4): logged, never silent; a database outage never ends the process, a
 * programming error thrown to the top still does. Driven on an EventEmitter standing in for the process.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { installProcessErrorHandlers } from './install-process-error-handlers';

function harness() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  const exits: number[] = [];
  const target = new EventEmitter();
  const uninstall = installProcessErrorHandlers(
    {
      error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
      fatal: (obj, msg) => lines.push({ level: 'fatal', obj, msg }),
    },
    target,
    (code) => exits.push(code),
  );
  return { lines, exits, target, uninstall };
}

const adminShutdown = () =>
  Object.assign(new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'), {
    code: '57P01',
  });

describe('installProcessErrorHandlers', () => {
  it('logs an unhandled rejection with its error, at error level, and carries on', () => {
    const h = harness();
    const bug = new TypeError('x is not a function');
    h.target.emit('unhandledRejection', bug, Promise.resolve());
    h.target.emit('unhandledRejection', adminShutdown(), Promise.resolve());
    expect(h.lines.map((l) => [l.level, (l.obj as { err: unknown }).err])).toEqual([
      ['error', bug],
      ['error', expect.objectContaining({ code: '57P01' })],
    ]);
    expect(h.lines[1]?.obj).toMatchObject({ databaseUnavailable: true });
    expect(h.exits).toEqual([]);
  });

  it("an uncaught database connection error (a pg client's 'error' event) is logged and the process carries on", () => {
    const h = harness();
    h.target.emit('uncaughtException', adminShutdown(), 'uncaughtException');
    expect(h.lines).toHaveLength(1);
    expect(h.lines[0]?.level).toBe('error');
    expect(h.exits).toEqual([]);
  });

  it('any other uncaught exception is logged as fatal and ends the process with 1', () => {
    const h = harness();
    const bug = new RangeError('Invalid array length');
    h.target.emit('uncaughtException', bug, 'uncaughtException');
    expect(h.lines).toEqual([{ level: 'fatal', obj: { err: bug }, msg: expect.stringMatching(/stops/) }]);
    expect(h.exits).toEqual([1]);
  });

  it('removes what it installed', () => {
    const h = harness();
    h.uninstall();
    expect(h.target.listenerCount('unhandledRejection')).toBe(0);
    expect(h.target.listenerCount('uncaughtException')).toBe(0);
  });
});
