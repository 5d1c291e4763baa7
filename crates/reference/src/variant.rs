//! Parsing a variant text into [`Rules`] (A6): the presets and their options.

use crate::rules::{Rules, WinItem};

pub(crate) const PRESETS: &str =
    "hasami, hasami-chess, dai-hasami, dai-hasami-captures, agon, mak-yek, apit-sodok";

pub(crate) const OPTIONS: &str =
    "board=8|9, rows=1|1,2|1,3, movement=slide|step, jump, house, corner, \
    intervention, diagonal-capture, misere (on/off options: bare name, =on or =off), max-run=1..8, \
    win=<list of pieces-left:K, captures:M, lead:D, five, most-captures>, five=orthogonal|all, \
    repetition=R (0 or >= 2), quiet=P (0 = off)";

/// The rules of a preset (table A6).
pub(crate) fn preset(name: &str) -> Result<Rules, String> {
    let mut r = Rules {
        n: 9,
        rows: vec![1],
        step: false,
        jump: false,
        house: false,
        corner: true,
        intervention: false,
        diagonal: false,
        misere: false,
        max_run: None,
        win: vec![WinItem::PiecesLeft(1)],
        five_all: false,
        repetition: 3,
        quiet: 100,
    };
    match name {
        "hasami" => {}
        "hasami-chess" => {
            r.n = 8;
        }
        "dai-hasami" => {
            r.rows = vec![1, 2];
            r.jump = true;
            r.win = vec![WinItem::Five];
        }
        "dai-hasami-captures" => {
            r.rows = vec![1, 2];
            r.win = vec![WinItem::MostCaptures];
        }
        "agon" => {
            r.rows = vec![1, 2];
            r.jump = true;
            r.house = true;
            r.win = vec![WinItem::Five, WinItem::PiecesLeft(4)];
            r.five_all = true;
        }
        // Apit-sodok is Mak-yek's Malay name (A6).
        "mak-yek" | "apit-sodok" => {
            r.n = 8;
            r.rows = vec![1, 3];
            r.intervention = true;
            r.win = vec![WinItem::PiecesLeft(0)];
        }
        _ => {
            return Err(format!(
                "unknown preset '{name}'; allowed presets: {PRESETS}"
            ))
        }
    }
    Ok(r)
}

pub(crate) fn parse_on_off(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(v) => Err(format!(
            "bad value '{v}' for option '{name}'; allowed: {name}, {name}=on, {name}=off"
        )),
    }
}

pub(crate) fn parse_number(name: &str, text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad number '{text}' for '{name}'"));
    }
    text.parse::<u64>()
        .map_err(|_| format!("bad number '{text}' for '{name}'"))
}

pub(crate) fn parse_win_list(text: &str) -> Result<Vec<WinItem>, String> {
    let allowed = "allowed items: pieces-left:K, captures:M, lead:D, five, most-captures";
    let mut items = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let parsed = if item == "five" {
            WinItem::Five
        } else if item == "most-captures" {
            WinItem::MostCaptures
        } else if let Some(k) = item.strip_prefix("pieces-left:") {
            WinItem::PiecesLeft(parse_number("pieces-left", k)? as usize)
        } else if let Some(m) = item.strip_prefix("captures:") {
            WinItem::Captures(parse_number("captures", m)? as usize)
        } else if let Some(d) = item.strip_prefix("lead:") {
            WinItem::Lead(parse_number("lead", d)? as usize)
        } else {
            return Err(format!("unknown win item '{item}'; {allowed}"));
        };
        items.push(parsed);
    }
    if items.is_empty() {
        return Err(format!("win= needs at least one item; {allowed}"));
    }
    Ok(items)
}

/// Parses a variant text `PRESET[+OPTION…]` (A6).
pub(crate) fn parse_variant(text: &str) -> Result<Rules, String> {
    let text = text.trim().to_ascii_lowercase();
    let mut parts = text.split('+');
    let name = parts.next().unwrap_or("").trim();
    let mut rules = preset(name)?;
    for opt in parts {
        let opt = opt.trim();
        let (key, value) = match opt.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (opt, None),
        };
        let need_value = |v: Option<&str>| -> Result<String, String> {
            v.map(|s| s.to_string())
                .ok_or_else(|| format!("option '{key}' needs a value; options: {OPTIONS}"))
        };
        match key {
            "board" => {
                rules.n = match need_value(value)?.as_str() {
                    "8" => 8,
                    "9" => 9,
                    v => return Err(format!("bad board size '{v}'; allowed: board=8, board=9")),
                }
            }
            "rows" => {
                rules.rows = match need_value(value)?.as_str() {
                    "1" => vec![1],
                    "1,2" => vec![1, 2],
                    "1,3" => vec![1, 3],
                    v => {
                        return Err(format!(
                            "bad rows '{v}'; allowed: rows=1, rows=1,2, rows=1,3"
                        ))
                    }
                }
            }
            "movement" => {
                rules.step = match need_value(value)?.as_str() {
                    "slide" => false,
                    "step" => true,
                    v => {
                        return Err(format!(
                            "bad movement '{v}'; allowed: movement=slide, movement=step"
                        ))
                    }
                }
            }
            "jump" => rules.jump = parse_on_off(key, value)?,
            "house" => rules.house = parse_on_off(key, value)?,
            "corner" => rules.corner = parse_on_off(key, value)?,
            "intervention" => rules.intervention = parse_on_off(key, value)?,
            "diagonal-capture" => rules.diagonal = parse_on_off(key, value)?,
            "misere" => rules.misere = parse_on_off(key, value)?,
            "max-run" => {
                let v = parse_number("max-run", &need_value(value)?)?;
                if !(1..=8).contains(&v) {
                    return Err(format!("bad max-run '{v}'; allowed: 1 to 8"));
                }
                rules.max_run = Some(v as usize);
            }
            "win" => rules.win = parse_win_list(&need_value(value)?)?,
            "five" => {
                rules.five_all = match need_value(value)?.as_str() {
                    "orthogonal" => false,
                    "all" => true,
                    v => {
                        return Err(format!(
                            "bad five '{v}'; allowed: five=orthogonal, five=all"
                        ))
                    }
                }
            }
            "repetition" => {
                let v = parse_number("repetition", &need_value(value)?)?;
                if v == 1 {
                    return Err("bad repetition '1'; allowed: 0 (off) or 2 and more".to_string());
                }
                rules.repetition = v;
            }
            "quiet" => rules.quiet = parse_number("quiet", &need_value(value)?)?,
            _ => return Err(format!("unknown option '{opt}'; options: {OPTIONS}")),
        }
    }
    // Starting pieces depend on board and rows: validate the win list only now.
    let start = rules.starting_pieces();
    for item in &rules.win {
        match *item {
            WinItem::PiecesLeft(k) if k >= start => {
                return Err(format!(
                    "pieces-left:{k} needs 0 <= K < {start} (starting pieces)"
                ))
            }
            WinItem::Captures(m) if m < 1 || m > start => {
                return Err(format!(
                    "captures:{m} needs 1 <= M <= {start} (starting pieces)"
                ))
            }
            WinItem::Lead(0) => return Err("lead:0 needs D >= 1".to_string()),
            _ => {}
        }
    }
    Ok(rules)
}
