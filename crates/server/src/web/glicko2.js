// Glicko-2 (Glickman's "Example of the Glicko-2 system", steps 1 to 8, the Illinois algorithm for
// the volatility): the same arithmetic as the server's ratings (crates/server/src/glicko.rs), for
// the puzzle ratings kept in this browser. Pure: no storage, no clock.

/** The system constant τ (the server's). */
export const TAU = 0.75;
const SCALE = 173.7178;
const CENTRE = 1500;
const MAX_RD = 350;
const EPSILON = 0.000001;
const MAX_STEPS = 200;

/** A player who has not played: 1500 ± 350, volatility 0.06. */
export const NEW_RATING = Object.freeze({ rating: CENTRE, rd: MAX_RD, volatility: 0.06 });

const finite = (x) => typeof x === 'number' && Number.isFinite(x);
const valid = (r) => r && finite(r.rating) && finite(r.rd) && finite(r.volatility) && r.rd > 0 && r.volatility > 0;
const g = (phi) => 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
const expected = (mu, muJ, gJ) => 1 / (1 + Math.exp(-gJ * (mu - muJ)));

/** Step 5: the new volatility. */
function volatility(delta, phi, v, sigma, tau) {
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a, B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0 && k < MAX_STEPS) k += 1;
    B = a - k * tau;
  }
  let fA = f(A), fB = f(B), steps = 0;
  while (Math.abs(B - A) > EPSILON && steps < MAX_STEPS) {
    const C = A + (A - B) * fA / (fB - fA), fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C; fB = fC; steps += 1;
  }
  return Math.exp(A / 2);
}

/**
 * The rating `player` ({rating, rd, volatility}) after one rating period with `games`: each
 * `[opponent, score]` (score 1 win, 0.5 draw, 0 loss). Invalid inputs, or a result that is not
 * finite, leave the rating unchanged; the deviation never exceeds 350.
 */
export function ratingAfter(player, games, tau = TAU) {
  if (!valid(player) || !(tau > 0) || !games.every(([o, s]) => valid(o) && finite(s) && s >= 0 && s <= 1)) return player;
  const mu = (player.rating - CENTRE) / SCALE, phi = Math.min(player.rd, MAX_RD) / SCALE, sigma = player.volatility;
  if (!games.length) return { ...player, rd: Math.min(Math.sqrt(phi * phi + sigma * sigma) * SCALE, MAX_RD) };
  let inverseV = 0, sum = 0;
  for (const [o, s] of games) {
    const muJ = (o.rating - CENTRE) / SCALE, gJ = g(Math.min(o.rd, MAX_RD) / SCALE), e = expected(mu, muJ, gJ);
    inverseV += gJ * gJ * e * (1 - e);
    sum += gJ * (s - e);
  }
  const v = 1 / inverseV, delta = v * sum;
  const sigmaNew = volatility(delta, phi, v, sigma, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const next = { rating: SCALE * (mu + phiNew * phiNew * sum) + CENTRE, rd: Math.min(SCALE * phiNew, MAX_RD), volatility: sigmaNew };
  return valid(next) ? next : player;
}
