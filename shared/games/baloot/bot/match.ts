/**
 * Strong's sense of the match: how likely a team is to win the game to the target from given
 * totals. A rough race model (about 12 game points a team a round, a round's margin spread
 * about 25), good enough to tell a raise that risks the match from one that only risks points.
 */
const GAIN_PER_ROUND = 12;
const ROUND_SPREAD = 25;

/** Standard normal distribution function (Abramowitz–Stegun 7.1.26, error below 1e-6). */
function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Chance that the team with `us` points wins against `them`, the match being to `target`. */
export function matchWinChance(us: number, them: number, target: number): number {
  if (us >= target || them >= target) return us === them ? 0.5 : us > them ? 1 : 0;
  const needUs = target - us;
  const needThem = target - them;
  const rounds = Math.max(0.5, (needUs + needThem) / (2 * GAIN_PER_ROUND));
  return phi((needThem - needUs) / (ROUND_SPREAD * Math.sqrt(rounds)));
}
