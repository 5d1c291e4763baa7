//! Prints the positions of a game record every N plies, with the evaluation's feature values (a tool
//! for studying the engine's games): `cargo run --release -p hasami-engine --example show_record --
//! GAME.hrec [N]`.
use hasami_core::HasamiRecord;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: show_record GAME.hrec [EVERY_N_PLIES]");
        std::process::exit(2);
    };
    let every: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20)
        .max(1);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("show_record: {path}: {e}");
        std::process::exit(1);
    });
    let record = HasamiRecord::parse(&text).unwrap_or_else(|e| {
        eprintln!("show_record: {path}: {e}");
        std::process::exit(1);
    });
    let mut pos = record.start_position();
    let show = |label: String, pos: &hasami_core::HasamiPosition| {
        println!(
            "{label}\n{pos}\nfeatures {:?}",
            hasami_engine::hasami::features(pos)
        );
    };
    for (i, m) in record.moves.iter().enumerate() {
        if i % every == 0 {
            show(format!("ply {i}"), &pos);
        }
        pos.play_unchecked(m.mv);
    }
    show("final".into(), &pos);
}
