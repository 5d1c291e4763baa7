//! The learned evaluation (docs/eval.md): where a search uses a network, and the UGI option that
//! asks for it.

use std::io::Write;
use std::sync::{Arc, Mutex};

use hasami_core::{AnyPosition, HasamiPosition, HasamiRules};
use hasami_engine::{level_for, Learned, Limits, SearchRequest, Searcher};

#[test]
fn the_learned_evaluation_searches_only_where_asked_at_full_strength_with_a_network() {
    let nodes = |variant: &str, learned: Learned, level: Option<u32>| {
        let start = HasamiPosition::start(HasamiRules::parse(variant).unwrap());
        let pos = AnyPosition::Hasami(start);
        let mut request = SearchRequest::new(pos, vec![start.hash()])
            .limits(Limits {
                depth: Some(6),
                ..Limits::default()
            })
            .learned(learned);
        if let Some(n) = level {
            request = request.level(level_for(&pos, n)).seed(3);
        }
        Searcher::new(16, 1).search(&request, |_| {}).nodes
    };
    // Both shipped networks are confirmed: the default searches with them, as `true` does;
    // `false` is the hand-written evaluation, at full strength (no level or level 10).
    let (on, off) = (Learned::Shipped, Learned::Off);
    for variant in ["hasami", "mak-yek"] {
        assert_eq!(
            nodes(variant, Learned::default(), None),
            nodes(variant, on, None)
        );
        assert_ne!(nodes(variant, on, None), nodes(variant, off, None));
    }
    assert_ne!(
        nodes("mak-yek", on, Some(10)),
        nodes("mak-yek", off, Some(10))
    );
    // Levels 1-9 keep the hand-written evaluation; so does a variant without a network.
    assert_eq!(
        nodes("mak-yek", on, Some(6)),
        nodes("mak-yek", off, Some(6))
    );
    assert_eq!(nodes("hasami", on, Some(6)), nodes("hasami", off, Some(6)));
    assert_eq!(
        nodes("hasami-chess", on, None),
        nodes("hasami-chess", off, None)
    );
    let pos = AnyPosition::Hasami(HasamiPosition::start(
        HasamiRules::parse("mak-yek").unwrap(),
    ));
    assert_eq!(SearchRequest::new(pos, vec![]).learned, Learned::Confirmed);
}

/// A writer whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn learned_eval_is_a_ugi_option_that_searches_either_way_and_refuses_bad_values() {
    let input = [
        "ugi",
        "setoption name LearnedEval value maybe",
        "position startpos",
        "go nodes 3000",
        "isready",
        "setoption name LearnedEval value true",
        "go nodes 3000",
        "isready",
        "setoption name LearnedEval value False",
        "go nodes 3000",
        "isready",
        "setoption name LearnedEval value confirmed",
        "setoption name Variant value mak-yek",
        "position startpos",
        "go nodes 3000",
        "isready",
        "quit",
    ]
    .join("\n");
    let output = Shared::default();
    hasami_engine::ugi::run(input.as_bytes(), output.clone()).unwrap();
    let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.contains(
            &"option name LearnedEval type combo default confirmed var confirmed var true var false"
        ),
        "{text}"
    );
    assert!(lines.contains(
        &"info string error: bad value for option LearnedEval: 'maybe': expected confirmed, true or false"
    ));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
        4,
        "{text}"
    );
}
