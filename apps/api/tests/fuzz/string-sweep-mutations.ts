/**
 * The systematic part of the fuzz: for one valid request, a NUL and a lone surrogate in the middle of each of
 * its strings in turn (body strings, query values, path parameters, declared headers). fast-check runs these
 * as `examples` before its random runs, so every string field of every route is tried at least once whatever
 * the number of runs; the random runs then combine mutations the sweep does not.
 */
import type { Operation } from './list-operations';
import type { Mutation } from './mutate-request';
import type { RequestParts } from './request-parts';
import { requestSlots } from './request-slots';

/** `choice` values of the two characters in `mutateRequest`: 0 is NUL, 0 is `\uD800`. */
const NUL_CHOICE = 0;
const LONE_SURROGATE_CHOICE = 0;

export function stringSweepMutations(operation: Operation, parts: RequestParts): Mutation[] {
  const strings = requestSlots(operation, parts).filter((s) => typeof s.value === 'string');
  return strings.flatMap((slot, pick): Mutation[] => {
    const middle = Math.floor(String(slot.value).length / 2);
    return [
      { kind: 'control-character', pick, choice: NUL_CHOICE, at: middle },
      { kind: 'lone-surrogate', pick, choice: LONE_SURROGATE_CHOICE, at: middle },
    ];
  });
}
