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
  'layout.resize': '盤の大きさ',
  'layout.resize.help': 'ドラッグで盤を小さく・大きくできます（選択中は矢印キーでも変えられます）',
  'layout.resize.value': '画面に収まる最大の大きさの{percent}%',

  // Moves and coordinates: notation, refusals (notation.js)

  // Analysis and review (analysis-board.js, review.js)
  'analysis.pageTitle': 'hasami：検討ボード',
  'analysis.title': '検討ボード',
  'analysis.titleOf': '検討ボード：{game}',
  'analysis.boardLabel': '検討ボード',
  'analysis.game': 'ゲーム',
  'analysis.position': '局面',
  'analysis.positionLabel': '開始局面のテキスト',
  'analysis.positionPlaceholder': '局面テキスト（空欄なら初期局面）',
  'analysis.setUp': '配置する',
  'analysis.setUpDone': '盤を配置しました',
  'analysis.thisBoard': '{name}（この盤）',
  'analysis.lines.one': '{n}本',
  'analysis.lines.other': '{n}本',
  'analysis.linesLabel': 'エンジンが示す読み筋の数',
  'analysis.otherLinesLabel': '次善の読み筋',
  'analysis.showLines': '読み筋 {lines}を表示',
  'analysis.engine': 'エンジン',
  'analysis.engineAria': 'エンジン：評価値バー、最善手順とその矢印',
  'analysis.flip': '反転',
  'analysis.flipAria': '盤を反転する',
  'analysis.copyLink': 'リンクをコピー',
  'analysis.copyLinkAria': 'この盤へのリンクをコピーする',
  'analysis.linkCopied': 'リンクをコピーしました',
  'analysis.actions': '盤の操作',
  'analysis.navigation': '手順の移動',
  'analysis.first': '開始局面',
  'analysis.previous': '1手戻る',
  'analysis.next': '1手進む',
  'analysis.last': '最終局面',
  'analysis.moves': '棋譜',
  'analysis.empty': 'まだ手がありません。盤上で先後どちらの駒も動かせます。',
  'analysis.startPosition': '開始局面',
  'analysis.moveLabel': '{ply}手目：{side} {move}',
  'analysis.moveCaptures': '{ply}手目：{side} {move}（{captured}を取る）',
  'analysis.played': '{side}が{move}と指しました。',
  'analysis.playedCapturing': '{side}が{move}と指し、{captured}を取りました。',
  'analysis.treeActions': '変化',
  'analysis.promote': '本譜にする',
  'analysis.promoteAria': '表示中の変化を本譜にする',
  'analysis.promoted': '表示中の手順を本譜にしました。',
  'analysis.delete': 'ここから削除',
  'analysis.deleteAria': '表示中の手とそれ以降の手をすべて削除する',
  'analysis.deleted': '手を削除しました。',
  'analysis.tooManyMoves': '手が多すぎます。先にいくつか削除してください。',
  'analysis.over': '終局（{result}）：{reason}',
  'analysis.moveOf': '{plies}手中{ply}手目',
  'analysis.toMove': '{side}の手番',
  'analysis.toMoveAt': '{side}の手番・{plies}手中{ply}手目',
  'analysis.shogunAttacked': 'ショーグン！（{attackers}に狙われています）',
  'analysis.overHere': 'この局面で対局は終わっています：{reason}',
  'analysis.thinking': '思考中…',
  'analysis.engineLine': '深さ{depth}：{score}（{side}）。最善手順：{line}',
  'analysis.otherLine': '{score}：{line}',
  'analysis.winIn.one': '{n}手で勝ち',
  'analysis.winIn.other': '{n}手で勝ち',
  'analysis.lossIn.one': '{n}手で負け',
  'analysis.lossIn.other': '{n}手で負け',
  'analysis.playLineTo': '{moves}までの手順を検討ボードに並べる',
  'review.title': '解析',
  'review.graphLabel': '評価グラフ：{side}の勝率の推移',
  'review.side': '対局者',
  'review.inaccuracies': '緩手',
  'review.mistakes': '疑問手',
  'review.blunders': '悪手',
  'review.avgLoss': '平均損失',
  'review.avgLossTitle': '1手あたりの勝率の平均損失',
  'review.inaccuracy': '緩手',
  'review.mistake': '疑問手',
  'review.blunder': '悪手',
  'review.start': '開始局面：{eval}。',
  'review.move': '{ply}手目 {side} {move}{mark}：{eval}。',
  'review.moveJudged': '{ply}手目 {side} {move}{mark}：{eval} — {judgement}（勝率 −{loss}%）。',
  'review.bestWas': '最善手は{best}でした。',
  'review.legend': '?! 緩手、? 疑問手、?? 悪手：その手で勝率を10%、20%、30%失ったことを示します。矢印は紫が指された手、緑がエンジンの選んだ手です。1局面あたり{ms}ミリ秒。',

  // Typed moves (typed-move.js)
  'typed.label': '指し手を入力',
  'typed.placeholder': 'e1e5',
  'typed.play': '指す',
  'typed.format': '「{typed}」は指し手として読めません。e1e5 や e1-e5 のように、駒のあるマスと行き先を入力してください。',
  'typed.offBoard': '{square} はこの盤にありません（{size}×{size}マスの盤です）。',
  'typed.sameSquare': '{square} から動かずに指すことはできません。別の行き先を入力してください。',
  'typed.noPiece': '{square} に駒がありません。',
  'typed.notToMove': '{square} の駒は{side}の駒です。いまは{turn}の手番です。',
  'typed.cannotMove': '{square} の駒には指せる手がありません。',
  'typed.cannotReach': '{from} の駒は {to} へ動けません。',
  'typed.over': 'この局面で対局は終わっています。',
  'typed.wait': '盤の準備がまだできていません。',
  'typed.notYourTurn': 'いまはあなたの手番ではありません。',
  'typed.viewing': '前の局面を表示しています。指すには最新の局面に戻ってください。',
  'typed.thinking': 'エンジンが考えています。',
  'typed.arranging': 'まだ駒を並べている最中です。',
  'typed.watching': 'この対局は観戦中です。',

  // Rules pages and game names (rules.js)

  // Accounts, players, ratings, leaderboard (account.js, session.js, players.js, ratings.js, leaderboard.js)

  // Challenges, chat (challenges.js, chat.js)

  // Shogun: arranging men, aids (arrange.js)

  // Errors from the server and the network (api.js)

};
