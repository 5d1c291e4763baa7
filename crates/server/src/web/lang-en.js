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

  // Moves and coordinates: notation, refusals (notation.js)
  'move.sente': 'Sente',
  'move.gote': 'Gote',
  'move.coords': 'Shogi coordinates',
  'move.coords.about': 'Write squares as shogi does (７六: file number, rank in kanji) and the sides as sente and gote; 9×9 boards only',
  'move.list.label': '{ply}: {side} {move}',
  'move.list.captures': '{ply}: {side} {move}, capturing {squares}',
  'move.refused.shogun_exposed': 'That move would leave your Shogun capturable by the piece on {square}.',
  'move.refused.shogun_capture': 'Under the 1979 rules the Shogun on {square} cannot be captured.',
  'move.refused.no_path': 'The piece on {square} shows {number}: it must move exactly {number} squares along a clear path.',
  'move.refused.occupied': 'There is already a piece on {square}.',
  'move.refused.not_straight': 'A piece moves in a straight line along its row or column.',
  'move.refused.blocked': 'The piece on {square} is in the way.',
  'move.refused.not_your_piece': 'There is no piece of yours on {square}.',
  'move.refused.unreachable': 'That piece cannot move there.',
  'move.refused.bad_move_text': 'That is not a move.',
  'move.refused.illegal_move': 'That move is not allowed.',
  'move.refused.not_your_turn': 'It is not your turn.',
  'move.refused.game_over': 'The game is over.',
  'move.refused.arranging': 'The players are still arranging their pieces.',
  'move.refused.at': 'Move {ply}: {why}',

  // Analysis and review (analysis-board.js, review.js)

  // Typed moves (typed-move.js)

  // Rules pages and game names (rules.js)

  // Accounts, players, ratings, leaderboard (account.js, session.js, players.js, ratings.js, leaderboard.js)

  // Challenges, chat (challenges.js, chat.js)

  // Shogun: arranging men, aids (arrange.js)

  // Errors from the server and the network (api.js)

};
