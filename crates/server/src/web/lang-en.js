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

  // Layout: board size, resize handle, panels (layout.js)
  'layout.resize': 'Board size',
  'layout.resize.help': 'Drag to make the board smaller or larger (arrow keys when focused)',
  'layout.resize.value': '{percent}% of the largest size that fits',

  // Moves and coordinates: notation, refusals (notation.js)

  // Analysis and review (analysis-board.js, review.js)

  // Typed moves (typed-move.js)

  // Rules pages and game names (rules.js)

  // Accounts, players, ratings, leaderboard (account.js, session.js, players.js, ratings.js, leaderboard.js)

  // Challenges, chat (challenges.js, chat.js)

  // Shogun: arranging men, aids (arrange.js)

  // Errors from the server and the network (api.js)

};
