//! Criterion benchmarks of the rules core: perft (bulk counting), move generation, random playouts.
//! Run with `cargo bench -p hasami-core`; the README lists the numbers of the `hasami` commands.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use hasami_core::perft;
use hasami_core::{playout, SplitMix64};
use hasami_core::{HasamiPosition, HasamiRules};

fn bench_perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    for (variant, depth, nodes) in [
        ("hasami+max-run=1", 4, 16_599_273u64),
        ("dai-hasami+max-run=1", 4, 10_959_146),
        ("mak-yek", 4, 1_609_910),
    ] {
        let pos = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("{variant} d{depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes))
        });
    }
    g.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let rules = HasamiRules::parse("hasami").unwrap();
    let pos = HasamiPosition::from_text(
        "1w2w2w1/9/1w6b/9/3w5/2w5b/5b3/3b2w2/1bb2w1w1 b 10 30",
        rules,
    )
    .unwrap();
    c.bench_function("moves (list) hasami midgame", |b| {
        b.iter(|| black_box(&pos).moves().len())
    });
    c.bench_function("count_moves hasami midgame", |b| {
        b.iter(|| black_box(&pos).count_moves())
    });
}

fn bench_playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("playouts");
    for variant in ["hasami", "dai-hasami", "mak-yek"] {
        let start = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
        let mut rng = SplitMix64(7);
        let mut history = Vec::new();
        g.bench_function(variant, |b| {
            b.iter(|| playout(black_box(&start), &mut rng, 10_000, &mut history).plies)
        });
    }
    g.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_playouts);
criterion_main!(benches);
