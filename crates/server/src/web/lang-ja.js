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

  // Layout: board size, resize handle, panels (layout.js)

  // Moves and coordinates: notation, refusals (notation.js)
  'move.sente': '先手',
  'move.gote': '後手',
  'move.coords': '将棋式の符号',
  'move.coords.about': 'マス目を将棋と同じ符号(７六のように筋は数字、段は漢数字)で、手番を先手・後手で表します。9×9の盤のみ',
  'move.list.label': '{ply}: {side} {move}',
  'move.list.captures': '{ply}: {side} {move}、{squares}を取る',
  'move.refused.shogun_exposed': 'その手を指すと、{square}の駒に将軍を取られる形になります。',
  'move.refused.shogun_capture': '1979年版ルールでは、{square}の将軍は取れません。',
  'move.refused.no_path': '{square}の駒は{number}を示しています。空いた道をちょうど{number}マス進まなければなりません。',
  'move.refused.occupied': '{square}にはすでに駒があります。',
  'move.refused.not_straight': '駒は縦か横にまっすぐ進みます。',
  'move.refused.blocked': '{square}の駒が邪魔で進めません。',
  'move.refused.not_your_piece': '{square}にあなたの駒はありません。',
  'move.refused.unreachable': 'その駒はそこへは動けません。',
  'move.refused.bad_move_text': '手として読み取れません。',
  'move.refused.illegal_move': 'その手は指せません。',
  'move.refused.not_your_turn': 'あなたの手番ではありません。',
  'move.refused.game_over': '対局は終了しています。',
  'move.refused.arranging': 'まだ両者が駒を並べている途中です。',
  'move.refused.at': '{ply}手目: {why}',

  // Analysis and review (analysis-board.js, review.js)

  // Typed moves (typed-move.js)

  // Rules pages and game names (rules.js)

  // Accounts, players, ratings, leaderboard (account.js, session.js, players.js, ratings.js, leaderboard.js)

  // Challenges, chat (challenges.js, chat.js)

  // Shogun: arranging men, aids (arrange.js)

  // Errors from the server and the network (api.js)

};
