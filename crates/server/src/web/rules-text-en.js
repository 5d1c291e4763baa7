// The rules pages' texts in English: part of the translation catalogue (key → text, `{name}` filled
// in by the program), kept out of lang-en.js because only the rules pages (#/rules, #/rules/PRESET)
// need them: rules-text.js loads this module, and rules-text-LANG.js for another language, when a
// rules page opens, so the first screen does not carry them. Every language's module has the same
// keys.
export default {
  // The pages' frame: headings, labels, buttons
  'rules.title': 'hasami: rules',
  'rules.heading': 'Rules',
  'rules.pick': 'Pick a game. Every game can be changed with options, written after the name: {example}.',
  'rules.options': 'Options',
  'rules.page-title': 'hasami: rules of {game}',
  'rules.start': 'The start',
  'rules.start-label': 'Start of {game}',
  'rules.how': 'How to play',
  'rules.capture': 'A capture',
  'rules.variant-text': 'Variant text: {variant}. {about}',
  'rules.variant-text-alias': 'Variant text: {variant}, {alias} ({preset}). {about}',
  'rules.play': 'Play it',
  'rules.side.black': 'Black',
  'rules.side.white': 'White',
  'rules.side.shogun-black': 'White',
  'rules.side.shogun-white': 'Red',

  // The games in one line each (the list of games; the server's `about` in English)
  'rules.about.hasami': 'Hasami Shogi: 9×9, 9 pieces each, rook moves, sandwich and corner captures; win when the opponent has 1 piece left',
  'rules.about.hasami-chess': 'Hasami Chess: the same on 8×8 with 8 pieces each',
  'rules.about.dai-hasami': 'Dai Hasami Shogi: 9×9, 18 pieces each, jumps; five in a row (across or up and down) outside your home rows wins',
  'rules.about.dai-hasami-captures': 'Dai Hasami Shogi by captures: 18 pieces each, no jumps; most captures wins',
  'rules.about.agon': 'AGON/Ludos: 18 pieces, jumps, houses and battlefield; five in a row (with diagonals) in the battlefield or 14 captures wins',
  'rules.about.mak-yek': 'Mak-yek: 8×8, rows 1 and 3, line, intervention and corner captures; capture all to win',
  'rules.about.shogun': 'Shogun (Ravensburger, 1979): 8×8, each piece moves exactly the number it shows, which changes with the square; protect your Shogun',
  'rules.about.apit-sodok': 'the Malay name of Mak-yek',

  // The options of the Hasami games (by name; the values are written as the variant text takes them)
  'rules.option.board': 'board size',
  'rules.option.rows': 'rows each side fills at the start, counted from its own edge',
  'rules.option.movement': 'slide like a rook (default) or step one square across or up and down',
  'rules.option.jump': 'a piece may jump over one piece next to it, of either colour',
  'rules.option.house': 'pieces may not land in the opponent’s home rows, nor return home once out (AGON)',
  'rules.option.corner': 'corner capture: a piece in a corner is taken by two pieces on the squares next to it',
  'rules.option.intervention': 'landing between two enemy pieces captures both (Mak-yek)',
  'rules.option.diagonal-capture': 'sandwich captures along diagonals too',
  'rules.option.misere': 'the side reduced to the pieces-left limit wins instead of losing',
  'rules.option.max-run': 'longest line of enemy pieces one sandwich captures (default unlimited)',
  'rules.option.win': 'goals, all in force: pieces-left:K, captures:M, lead:D, five, most-captures',
  'rules.option.five': 'directions of a five in a row',
  'rules.option.repetition': 'draw when a position appears the R-th time (R ≥ 2, default 3; 0 = off)',
  'rules.option.quiet': 'the game ends after P plies without a capture (default 100; 0 = off)',
  // Shogun's options
  'rules.shogun-option.capture': '1976 rules: the Shogun may be captured, which wins (default forbidden: the 1979 rules)',
  'rules.shogun-option.numbers': 'numbers from the magnet board (default) or drawn at random after every move',
  'rules.shogun-option.seed': 'the number that sets the magnet board (default 1979)',
  'rules.shogun-option.rotation': 'quarter-turns of the magnet board under the pieces (default 0)',
  'rules.shogun-option.setup': 'pieces 1–7 in order on the first row (default), shuffled by the seed, or arranged by each player before the first move',
  'rules.shogun-option.first': 'who moves first (default White; the players decide)',
  'rules.shogun-option.repetition': 'draw when a position appears the R-th time (R ≥ 2, default 3; 0 = off)',
  'rules.shogun-option.quiet': 'draw after P plies without a capture (default 100; 0 = off)',

  // The rules shared by the Hasami games
  'rules.common.move': 'On your turn move one of your pieces any number of empty squares in a straight line, forwards, backwards or sideways, like a rook in chess. You may not jump over pieces (unless the game says so) and you may not pass.',
  'rules.common.capture': 'Capture by sandwiching: when your move puts enemy pieces in a straight line between the piece you moved and another of your pieces, with no gap, those enemy pieces are taken off. Only the move that closes the sandwich captures. You can safely move into a gap between two enemy pieces.',
  'rules.common.corner': 'A piece in a corner is captured when you block both squares next to it (one of them with the piece you just moved).',

  // Hasami Shogi
  'rules.hasami.intro': 'The classic Japanese sandwich game, played with shogi pieces on a 9×9 board. Each side starts with 9 pieces on its first row. Black moves first.',
  'rules.hasami.end': 'You win when your opponent has only one piece left. A position seen for the third time is a draw, and so are 100 moves in a row (both sides counted) without a capture.',
  'rules.hasami.capture-note': 'Black plays b3–b5: the two White pieces on c5 and d5 are now between b5 and e5 and are captured.',
  // Hasami Chess
  'rules.hasami-chess.intro': 'Hasami Shogi on an 8×8 chessboard with 8 pieces each, as K. Seki describes it.',
  'rules.hasami-chess.end': 'You win when your opponent has only one piece left.',
  // Dai Hasami Shogi
  'rules.dai-hasami.intro': '“Big” Hasami Shogi: 18 pieces each on the first two rows, often played with Go stones on the points of a Go board. Two ways to play a move, and a different goal.',
  'rules.dai-hasami.jump': 'Instead of sliding you may jump over one piece next to yours (of either colour) onto the empty square right behind it. The jumped piece stays.',
  'rules.dai-hasami.end': 'You win by making five in a row: five of your pieces next to each other in a straight line, across or up and down, all outside your own two starting rows.',
  // Dai Hasami Shogi by captures
  'rules.dai-hasami-captures.intro': 'The 18-piece game decided by captures, without jumps.',
  'rules.dai-hasami-captures.end': 'When one side has no pieces left it loses. When both are down to one piece, or after 100 moves without a capture, whoever has more pieces wins; equal is a draw.',
  // AGON
  'rules.agon.intro': 'A modern rulebook of the big game: 18 pieces each, two home rows (the “house”) and the battlefield between them.',
  'rules.agon.move': 'On your turn move one of your pieces any number of empty squares in a straight line, forwards, backwards or sideways, like a rook in chess. You may not jump over pieces (unless the game says so) and you may not pass. You may also jump over a piece next to yours.',
  'rules.agon.houses': 'Houses: you may never move into your opponent’s house, and a piece that has left your own house cannot come back into it.',
  'rules.agon.corner': 'Corner captures happen at the corners of the battlefield.',
  'rules.agon.end': 'You win with five in a row in the battlefield (diagonals count too), or by capturing 14 pieces (leaving your opponent 4).',
  // Mak-yek and Apit-sodok
  'rules.mak-yek.intro': 'A Thai game on 8×8: 16 pieces each, on the first and third rows. In Malaysia it is called Apit-sodok.',
  'rules.apit-sodok.intro': 'Apit-sodok is the Malay name of Mak-yek: the same game, with the same rules. 16 pieces each on 8×8, on the first and third rows.',
  'rules.mak-yek.intervention': 'Intervention: moving into a gap between two enemy pieces captures both of them.',
  'rules.mak-yek.end': 'Capture every enemy piece to win.',

  // Shogun
  'rules.shogun.intro': 'Ravensburger’s game of 1979 on an 8×8 board. Each side has seven pieces and a Shogun (marked with a crown). White starts on the first row, Red on the last; the players decide who moves first (White unless the game says first=red). Every piece shows a number, and the number changes as the piece moves: magnets under the board turn a disc inside each piece.',
  'rules.shogun.move': 'A piece must move exactly as many squares as the number it shows (1–4; the Shogun 1 or 2), forwards, backwards or sideways, and may turn a corner once on the way. It never jumps: every square it passes must be empty.',
  'rules.shogun.capture': 'Landing on an enemy piece captures it. After landing, the piece shows the number of its new square: the same square always gives the same number to the same piece, but each piece reacts differently, so learning the board pays. The learning view of the game screen shows the number a picked piece would get on each destination.',
  'rules.shogun.check': '“Shogun!”: you may never make a move after which an enemy piece could capture your Shogun with the number it shows now. If your Shogun is attacked and no move saves it, you lose (checkmate). If you cannot move at all, you lose too.',
  'rules.shogun.end': 'A side left with only its Shogun and one other piece loses at once. A position seen for the third time is a draw, and so are 100 moves in a row (both sides counted) without a capture.',
  'rules.shogun.1976': '1976 rules (option capture=allowed): the Shogun may be captured, and capturing it wins; the “Shogun!” rule does not apply.',
  'rules.shogun.board': 'The magnet board is set by a seed and a rotation; the new-game screen draws them at random unless you choose them. Other options: random numbers after every move (numbers=random), a shuffled setup (setup=shuffle), and Red moving first (first=red).',
  'rules.shogun.arrange': 'Arranging your pieces (setup=choose): the rules let each player place its seven pieces on its first row as it likes, the Shogun on its own square. Before the first move each player arranges its row; in an online game neither sees the other’s row until both are done. Each piece keeps its own disc, so where you put it decides the number it shows.',

  // Shogun's worked examples (shogun-examples.json: each example's title and text by its id)
  'rules.examples.heading': 'Three examples from the 1979 rules',
  'rules.examples.intro': 'The rulebook explains the game with three examples. Here each is a position on the magnet board of the standard game (variant text {variant}: seed 1979, rotation 0), with White to move. “Play from here” starts a game from the position: you play White against the engine.',
  'rules.example.title': '{n}. {title}',
  'rules.example.before-label': 'Example {n}: the position, White to move {move}',
  'rules.example.after-label': 'Example {n}: after {move}',
  'rules.example.before': 'The position: White to move',
  'rules.example.after': 'After {move}',
  'rules.example.move': 'The move: {move}.',
  'rules.example.move.plain': 'White {move}',
  'rules.example.move.takes': 'White {move}, taking Red’s {piece}',
  'rules.example.move.mate': 'White {move}: Red has no move left and loses',
  'rules.example.move.takes-mate': 'White {move}, taking Red’s {piece}: Red has no move left and loses',
  'rules.example.play': 'Play from here',
  'rules.example.local': 'Two players on this device',
  'rules.example.position': 'Position text (variant {variant}): {position}',
  'rules.example.two-takes-three.title': 'A 2 takes a 3',
  'rules.example.two-takes-three.text': 'White\'s piece on e4 shows 2, so it must go exactly two squares: straight ahead it lands on e6 and takes Red\'s piece showing 3, and no Red piece can reach e6 to take it back. Red\'s 3 could not have struck first: it has to travel three squares, and e4 is only two away. Had it been Red\'s turn, the 3 should have moved off e6 to a square no White piece can reach.',
  'rules.example.take-the-one.title': 'Take the 1, not the 4',
  'rules.example.take-the-one.text': 'White\'s piece on h1 shows 3. Two squares forward and then one to the left (a single turn) it lands on g3 and takes Red\'s 1, and nothing of Red\'s can reach g3 afterwards. Three squares straight ahead it could take Red\'s 4 on h4 instead, but that piece would be lost at once: Red\'s 2 on h6 is exactly two squares away and takes it back.',
  'rules.example.shogun-trapped.title': 'A Shogun with nowhere to go',
  'rules.example.shogun-trapped.text': 'White\'s 2 on a5 moves to b4, where it shows 1: it now stands next to Red\'s Shogun on b3, which also shows 1, so the Shogun is attacked. The Shogun could take the 1 on b4, but White\'s 2 on a3 would then take it; it could take the 2 on a3, but White\'s 3 on c4 would take it there; and its only other squares, b2 and c3, are within reach of the 2 on a3 as well. No Red piece can take the attacker, and no move may leave a Shogun open to capture, so Red has no move left and loses.',
};
