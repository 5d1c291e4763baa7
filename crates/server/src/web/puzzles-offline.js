// Puzzles with no server (docs/learn.md): when no server answers (offline, or the static copy of the
// app), the puzzles screen takes its puzzles from the puzzle files served beside the app
// (puzzles-PRESET.txt, the server's suites/puzzles/PRESET.txt, kept by the service worker) through
// the engine in the page (page-engine.js: `puzzles` lists a file's puzzles, `attempt` checks a line
// as POST /api/puzzles/ID/attempt does). The next puzzle is chosen as the server chooses it
// (crates/server/src/puzzles/pick.rs): of the game and theme, not one of those left out, among the
// nearest band of ratings around the player's that holds any. A puzzle's own rating does not move.

import { pageEngine } from './page-engine.js';

/** The games that may have puzzles, in the order the server lists them. */
const PRESETS = ['hasami', 'hasami-chess', 'dai-hasami', 'dai-hasami-captures', 'agon', 'mak-yek', 'shogun'];
/** The half-widths of the rating bands tried in turn around the player's rating (as pick.rs). */
const BANDS = [100, 200, 400, 800, 1600];

/** A game's puzzle file: {preset, text, puzzles}, or null where it cannot be had. */
async function loadFile(engine, preset) {
  try {
    const res = await fetch(new URL(`./puzzles-${preset}.txt`, import.meta.url));
    if (!res.ok) return null;
    const text = await res.text();
    const { puzzles } = await engine.puzzles({ file: text });
    return puzzles.length ? { preset, text, puzzles } : null;
  } catch { return null; }
}

/** The puzzles of this browser's files, or null where there are none or the page has no engine:
 * {counts (as GET /api/puzzles's variants), get(id), next({variant, theme, rating, exclude}),
 * attempt(puzzle, {moves, hint, give_up})}. */
export async function offlinePuzzles() {
  const engine = await pageEngine();
  if (!engine) return null;
  const files = (await Promise.all(PRESETS.map((p) => loadFile(engine, p)))).filter(Boolean);
  if (!files.length) return null;
  const counts = files.map((f) => {
    const themes = {};
    for (const p of f.puzzles) for (const name of p.themes) themes[name] = (themes[name] || 0) + 1;
    return { variant: f.preset, count: f.puzzles.length, themes };
  });
  const fileOf = (variant) => files.find((f) => f.preset === variant) || null;
  return {
    counts,
    get(id) {
      for (const f of files) { const p = f.puzzles.find((x) => x.id === id); if (p) return p; }
      return null;
    },
    next({ variant, theme, rating, exclude }) {
      const f = fileOf(variant);
      if (!f) return null;
      const fits = f.puzzles.filter((p) => (!theme || p.themes.includes(theme)) && !exclude.includes(p.id));
      let near = fits;
      if (Number.isFinite(rating)) {
        const band = BANDS.map((w) => fits.filter((p) => Math.abs(p.rating - rating) <= w)).find((b) => b.length);
        if (band) near = band;
      }
      return near.length ? near[Math.floor(Math.random() * near.length)] : null;
    },
    attempt(puzzle, { moves, hint, give_up }) {
      const f = fileOf(puzzle.variant);
      return engine.attempt({ file: f ? f.text : '', id: puzzle.id, moves, hint: !!hint, give_up: !!give_up });
    },
  };
}
