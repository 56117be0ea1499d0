import * as v from 'valibot';
import { numberOption } from '../catalog';
import type { BalootMove, BalootOptions } from './types';

const suit = v.picklist(['S', 'H', 'D', 'C']);

export const moveSchema = v.variant('type', [
  v.object({ type: v.literal('bid'), bid: v.picklist(['pass', 'hokum', 'sun', 'ashkal']), suit: v.optional(suit) }),
  v.object({ type: v.literal('kawesh') }),
  v.object({ type: v.literal('double'), level: v.picklist(['double', 'triple', 'four', 'gahwa']), open: v.optional(v.boolean()) }),
  v.object({ type: v.literal('noDouble') }),
  v.object({ type: v.literal('declare') }),
  v.object({
    type: v.literal('play'),
    card: v.pipe(v.string(), v.regex(/^[789TJQKA][SHDC]$/, 'A card is a rank (7-9, T, J, Q, K, A) and a suit (S, H, D, C).')),
  }),
  v.object({ type: v.literal('sawa') }),
  v.object({ type: v.literal('sawaAnswer'), accept: v.boolean() }),
]) satisfies v.GenericSchema<unknown, BalootMove>;

export const defaultOptions: BalootOptions = { priority: false, target: 152 };

/** The match target's bounds are the home page's (shared/games/catalog.ts). */
const target = numberOption('baloot', 'target');

export const optionsSchema = v.object({
  priority: v.optional(v.boolean(), defaultOptions.priority),
  target: v.optional(v.pipe(v.number(), v.integer(), v.minValue(target.min), v.maxValue(target.max)), defaultOptions.target),
}) satisfies v.GenericSchema<unknown, BalootOptions>;
