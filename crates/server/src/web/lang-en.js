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
  'layout.resize': 'Board size',
  'layout.resize.help': 'Drag to make the board smaller or larger (arrow keys when focused)',
  'layout.resize.value': '{percent}% of the largest size that fits',

  // Moves and coordinates: notation, refusals (notation.js)

  // Analysis and review (analysis-board.js, review.js)
  'analysis.pageTitle': 'hasami: analysis board',
  'analysis.title': 'Analysis board',
  'analysis.titleOf': 'Analysis board: {game}',
  'analysis.boardLabel': 'Analysis board',
  'analysis.game': 'Game',
  'analysis.position': 'Position',
  'analysis.positionLabel': 'Start position text',
  'analysis.positionPlaceholder': 'Position text (empty: the start of the game)',
  'analysis.setUp': 'Set up',
  'analysis.setUpDone': 'Board set up',
  'analysis.thisBoard': '{name} (this board)',
  'analysis.lines.one': '{n} line',
  'analysis.lines.other': '{n} lines',
  'analysis.linesLabel': 'Lines the engine shows',
  'analysis.otherLinesLabel': 'The next best lines',
  'analysis.showLines': 'Show {lines}',
  'analysis.engine': 'Engine',
  'analysis.engineAria': 'Engine: evaluation bar, best line and its arrow',
  'analysis.flip': 'Flip',
  'analysis.flipAria': 'Flip the board',
  'analysis.copyLink': 'Copy link',
  'analysis.copyLinkAria': 'Copy a link to this board',
  'analysis.linkCopied': 'Link copied',
  'analysis.actions': 'Board actions',
  'analysis.navigation': 'Move navigation',
  'analysis.first': 'First position',
  'analysis.previous': 'Previous move',
  'analysis.next': 'Next move',
  'analysis.last': 'Last move',
  'analysis.moves': 'Moves',
  'analysis.empty': 'No moves yet: move either side on the board.',
  'analysis.startPosition': 'start position',
  'analysis.moveLabel': '{ply}: {side} {move}',
  'analysis.moveCaptures': '{ply}: {side} {move} captures {captured}',
  'analysis.played': '{side} played {move}.',
  'analysis.playedCapturing': '{side} played {move}, capturing {captured}.',
  'analysis.treeActions': 'Variation',
  'analysis.promote': 'Make main line',
  'analysis.promoteAria': 'Make the line shown the main line',
  'analysis.promoted': 'The line shown is now the main line.',
  'analysis.delete': 'Delete from here',
  'analysis.deleteAria': 'Delete the move shown and every move after it',
  'analysis.deleted': 'Moves deleted.',
  'analysis.tooManyMoves': 'The board holds too many moves: delete some first.',
  'analysis.over': 'Game over ({result}): {reason}',
  'analysis.moveOf': 'Move {ply} of {plies}',
  'analysis.toMove': '{side} to move',
  'analysis.toMoveAt': '{side} to move · move {ply} of {plies}',
  'analysis.shogunAttacked': 'Shogun! (attacked by {attackers})',
  'analysis.overHere': 'The game is over here: {reason}',
  'analysis.thinking': 'Thinking…',
  'analysis.engineLine': 'Depth {depth}: {score} ({side}). Best line: {line}',
  'analysis.otherLine': '{score}: {line}',
  'analysis.winIn.one': 'win in {n}',
  'analysis.winIn.other': 'win in {n}',
  'analysis.lossIn.one': 'loss in {n}',
  'analysis.lossIn.other': 'loss in {n}',
  'analysis.playLineTo': 'Play the line up to {moves} on the analysis board',
  'review.title': 'Review',
  'review.graphLabel': "Evaluation graph: {side}'s winning chances move by move",
  'review.side': 'Side',
  'review.inaccuracies': 'inaccuracies',
  'review.mistakes': 'mistakes',
  'review.blunders': 'blunders',
  'review.avgLoss': 'avg. loss',
  'review.avgLossTitle': 'average loss of winning chances per move',
  'review.inaccuracy': 'inaccuracy',
  'review.mistake': 'mistake',
  'review.blunder': 'blunder',
  'review.start': 'Start: {eval}.',
  'review.move': '{ply}. {side} {move}{mark}: {eval}.',
  'review.moveJudged': '{ply}. {side} {move}{mark}: {eval} — {judgement} (winning chances −{loss}%).',
  'review.bestWas': 'Best was {best}.',
  'review.legend': "?! inaccuracy, ? mistake, ?? blunder: the move lost 10%, 20% or 30% of the winning chances. Arrows: violet the move played, green the engine's choice. {ms} ms per position.",

  // Typed moves (typed-move.js)
  'typed.label': 'Type a move',
  'typed.placeholder': 'e1e5',
  'typed.play': 'Play',
  'typed.format': '"{typed}" is not a move: type the square of the piece and its destination, as e1e5 or e1-e5.',
  'typed.offBoard': '{square} is not on this board ({size} × {size} squares).',
  'typed.sameSquare': 'The piece must leave {square}: type another destination.',
  'typed.noPiece': 'There is no piece on {square}.',
  'typed.notToMove': "The piece on {square} is {side}'s, and it is {turn}'s turn.",
  'typed.cannotMove': 'The piece on {square} has no legal move.',
  'typed.cannotReach': 'The piece on {from} cannot move to {to}.',
  'typed.over': 'The game is over in this position.',
  'typed.wait': 'The board is not ready yet.',
  'typed.notYourTurn': 'It is not your turn.',
  'typed.viewing': 'You are looking at an earlier position: go to the last move to play.',
  'typed.thinking': 'The engine is thinking.',
  'typed.arranging': 'The pieces are still being arranged.',
  'typed.watching': 'You are watching this game.',

  // Rules pages and game names (rules.js)

  // Accounts, players, ratings, leaderboard (account.js, session.js, players.js, ratings.js, leaderboard.js)

  // Challenges, chat (challenges.js, chat.js)

  // Shogun: arranging men, aids (arrange.js)

  // Errors from the server and the network (api.js)

};
