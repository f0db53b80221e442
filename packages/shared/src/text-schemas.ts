/**
 * zod pieces for free text (issue 17; decision 0011): the field kinds of `control-characters.ts` as zod
 * metadata (read by the API's edge and shown in the OpenAPI document as `x-text-kind`), and the same rule as
 * a zod check so that a browser form shows the server's refusal before the request is sent.
 */
import { z } from 'zod';
import {
  controlCharacterMessage,
  findControlCharacter,
  TEXT_KIND_KEY,
  type TextKind,
} from './control-characters';

/** A string field that may hold tabs and line breaks (comments, messages): `multiLineText().max(250)`. */
export function multiLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).meta({ [TEXT_KIND_KEY]: 'multi-line' satisfies TextKind });
}

/** A search box's text: tabs and line breaks are read as spaces at the edge. */
export function searchText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).meta({ [TEXT_KIND_KEY]: 'search' satisfies TextKind });
}

/**
 * A zod refinement that refuses what the edge refuses, naming the field by its `label` ('Street address'):
 * `z.string().superRefine(noControlCharacters('Street address'))`.
 */
export function noControlCharacters(label: string, kind: TextKind = 'single-line') {
  return (value: string, ctx: z.RefinementCtx) => {
    const found = findControlCharacter(value, kind);
    if (found) ctx.addIssue({ code: 'custom', message: controlCharacterMessage(label, found) });
  };
}
