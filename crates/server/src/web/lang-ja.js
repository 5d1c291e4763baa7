// The Japanese catalogue: key → text. `{name}` is filled in by the program; `KEY.one` /
// `KEY.other` are the forms of a count (`tn` in i18n.js). Keys are grouped by screen; keep the
// groups in this order, the same in every language's file.
export default {
  // The page: header, navigation, language and theme switches (index.html, app.js)

  // New game, games list, import (app.js)

  // Lobby and Play someone online (lobby.js)

  // Game screen: players, clocks, buttons, results, offers (game-screen.js, after-game.js, turns.js, days.js)

  // Board: squares, pieces, coordinates, accessibility labels (board.js)

  // Piece sets and board themes (pieces.js, theme.js)
  'look.button': '盤と駒',
  'look.button.title': '盤と駒：駒の種類と盤の見た目を選ぶ',
  'look.title': '盤と駒',
  'look.pieces': '駒',
  'look.pieces.auto': 'ゲームごとの標準',
  'look.pieces.koma': '将棋の駒（歩・と）',
  'look.pieces.stones': '碁石',
  'look.pieces.agon': 'AGONの赤と緑',
  'look.pieces.shapes': 'シンプルな図形',
  'look.board': '盤',
  'look.board.auto': '自動',
  'look.board.wood': '木目（将棋盤）',
  'look.board.plain': 'シンプル',
  'look.board.contrast': 'ハイコントラスト',
  'look.about': 'このブラウザーに保存され、すべての対局に使われます。ゲームごとの標準は、はさみ将棋は将棋の駒、大はさみ将棋とマクイェクは碁石、AGONは赤と緑、はさみチェスとショーグンはシンプルな図形です。',
  'look.board.about': '盤の「自動」は木目です。システムがコントラストを高める設定のときはハイコントラストになります。',
  'look.shogun': 'ショーグンはどの駒を選んでも、番号の付いた丸い駒と王冠の付いた将軍で表示します（色は選んだ駒に合わせます）。',
  'look.close': '閉じる',

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
