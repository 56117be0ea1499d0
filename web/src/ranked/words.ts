/** Ranked wording that needs the i18n functions: a tier's name with its clock, a date in the reader's language. */
import type { ComposerTranslation } from 'vue-i18n';
import { dateTime } from '../i18n/dates';
import { isNamedTier } from './tiers';

export function tierLabel(t: ComposerTranslation, tier: { id: string; seconds: number }): string {
  return isNamedTier(tier.id) ? t('ranked.tierClock', { name: t(`ranked.tiers.${tier.id}`), n: tier.seconds }) : t('ranked.tierOther', { n: tier.seconds });
}

/** A moment (ms since the epoch) as a date and time in the reader's language. */
export const when = dateTime;
