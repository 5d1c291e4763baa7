// The English catalogue: key → text. `{name}` is filled in by the program; `KEY.one` /
// `KEY.other` are the forms of a count (`tn` in i18n.js). Keys are grouped by screen; keep the
// groups in this order, the same in every language's file.
export default {
  // The page: header, navigation, language and theme switches (index.html, app.js)

  // New game, games list, import (app.js)

  // Lobby and Play someone online (lobby.js)

  // Game screen: players, clocks, buttons, results, offers (game-screen.js, after-game.js, turns.js, days.js)

  // Board: squares, pieces, coordinates, accessibility labels (board.js)

  // Piece sets and board themes (pieces.js, theme.js)
  'look.button': 'Board',
  'look.button.title': 'Pieces and board: choose a piece set and a board',
  'look.title': 'Pieces and board',
  'look.pieces': 'Pieces',
  'look.pieces.auto': "Each game's own",
  'look.pieces.koma': 'Shogi pieces',
  'look.pieces.stones': 'Go stones',
  'look.pieces.agon': "AGON's red and green",
  'look.pieces.shapes': 'Plain shapes',
  'look.board': 'Board',
  'look.board.auto': 'Automatic',
  'look.board.wood': 'Wood (a shogi board)',
  'look.board.plain': 'Plain',
  'look.board.contrast': 'High contrast',
  'look.about': "Remembered by this browser for every game. Each game's own pieces: shogi pieces for Hasami Shogi, Go stones for Dai Hasami Shogi and Mak-yek, red and green for AGON, plain shapes for Hasami Chess and Shogun.",
  'look.board.about': 'Automatic board: wood, or high contrast when the system asks for more contrast.',
  'look.shogun': 'Shogun keeps its round numbered pieces and the crowned Shogun in every set, in the set\'s colours.',
  'look.close': 'Close',

  // Layout: board size, resize handle, panels (layout.js)

  // Moves and coordinates: notation, refusals (notation.js)

  // Analysis and review (analysis-board.js, review.js)

  // Typed moves (typed-move.js)

  // Rules pages and game names (rules.js)

  // Accounts, players, ratings, leaderboard (account.js, session.js, players.js, ratings.js, leaderboard.js)

  // Challenges, chat (challenges.js, chat.js)

  // Shogun: arranging men, aids (arrange.js)

  // Errors from the server and the network (api.js)

};
