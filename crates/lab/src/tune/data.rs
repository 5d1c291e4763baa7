//! The data file format: one position a line, `variant|position text|result`, the result from Black's
//! point of view (1 Black won, 0.5 draw, 0 White won). Empty lines and lines starting with `#` are
//! skipped.

use std::fs;

use hasami_core::{HasamiPosition, HasamiRules, Side};
use hasami_engine::hasami::{features, Goal, N_FEATURES};

/// One training position: its features from Black's point of view and the game result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Feature values, negated when White is to move, so that the weighted sum is Black's score.
    pub features: [i32; N_FEATURES],
    /// 1, 0.5 or 0 from Black's point of view.
    pub result: f64,
    /// The evaluation family of the variant.
    pub family: Goal,
}

/// Formats one data line.
pub fn format_line(variant: &str, pos: &HasamiPosition, result: f64) -> String {
    format!("{variant}|{pos}|{result}")
}

/// Parses one data line into the variant's rules, the position and the result.
pub fn parse_line(line: &str) -> Result<(&'static HasamiRules, HasamiPosition, f64), String> {
    let mut parts = line.split('|');
    let (Some(variant), Some(text), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("expected three fields: variant|position|result".into());
    };
    let rules = HasamiRules::parse(variant.trim()).map_err(|e| format!("bad variant: {e}"))?;
    let pos =
        HasamiPosition::from_text(text.trim(), rules).map_err(|e| format!("bad position: {e}"))?;
    let result: f64 = result
        .trim()
        .parse()
        .map_err(|_| format!("bad result {:?}: expected 0, 0.5 or 1", result.trim()))?;
    if !(0.0..=1.0).contains(&result) {
        return Err(format!("result {result} is not between 0 and 1"));
    }
    Ok((rules, pos, result))
}

/// The sample of a position and result.
pub fn sample(pos: &HasamiPosition, result: f64) -> Sample {
    let mut f = features(pos);
    if pos.side() == Side::Second {
        for x in &mut f {
            *x = -*x;
        }
    }
    Sample {
        features: f,
        result,
        family: Goal::of(pos.rules()),
    }
}

/// Reads data files; errors name the file and line.
pub fn load(paths: &[String]) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for path in paths {
        let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (_, pos, result) =
                parse_line(line).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
            out.push(sample(&pos, result));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_round_trip() {
        let rules = HasamiRules::parse("dai-hasami").unwrap();
        let pos = HasamiPosition::from_text(
            "wwwwwwwww/wwwwwww1w/9/9/4b4/7w1/9/bbbb1bbbb/bbbbbbbbb w 3 2",
            rules,
        )
        .unwrap();
        let line = format_line("dai-hasami", &pos, 0.5);
        let (r, p, x) = parse_line(&line).unwrap();
        assert!(std::ptr::eq(r, rules));
        assert_eq!(p, pos);
        assert_eq!(x, 0.5);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert!(parse_line("hasami|9/9 b|1")
            .unwrap_err()
            .contains("bad position"));
        assert!(parse_line("nope|9 b|1")
            .unwrap_err()
            .contains("bad variant"));
        let start = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 1";
        assert!(parse_line(&format!("hasami|{start}|x"))
            .unwrap_err()
            .contains("bad result"));
        assert!(parse_line(&format!("hasami|{start}|2"))
            .unwrap_err()
            .contains("between 0 and 1"));
        assert!(parse_line("hasami").unwrap_err().contains("three fields"));
    }

    #[test]
    fn white_to_move_features_are_negated() {
        let rules = HasamiRules::parse("hasami").unwrap();
        let pos = HasamiPosition::from_text("wwww5/9/9/9/9/9/9/9/bbbbbbbbb w 0 1", rules).unwrap();
        let s = sample(&pos, 1.0);
        // Black has 5 more pieces; White is to move, so the raw material feature is -5 and Black's +5.
        assert_eq!(s.features[hasami_engine::hasami::feature::MATERIAL], 5);
        assert_eq!(s.features[hasami_engine::hasami::feature::TEMPO], -1);
    }
}
