//! Variant texts written under the rules before `mak-yek` took the corner capture (CHANGELOG.md,
//! "Mak-yek has the corner capture; Apit-sodok is Mak-yek"), read as the games they were and written
//! again as the same game under today's rules. Stores and old records use it; nothing else should.
//!
//! Before that change:
//! - `mak-yek` had no corner capture (C2 off); today that game is `mak-yek+corner=off`;
//! - `apit-sodok` was its own preset (8×8, rows 1 and 2, no intervention, corner capture, most
//!   captures); today that game is `hasami-chess+rows=1,2+win=most-captures`;
//! - options that change nothing (effect.rs) were accepted; they are dropped, since they had no effect.

use super::{effect, parse, Preset, Rows, RuleOptions, WinItem, WinList};

/// The canonical text, under today's rules, of the game that `text` named before Mak-yek took the
/// corner capture; `None` when today's rules read `text` as that same game already (nothing to
/// change), or when `text` is not a Hasami-family variant at all (a Shogun variant, or not a
/// variant).
///
/// ```
/// use hasami_core::upgrade_stored_variant;
///
/// assert_eq!(upgrade_stored_variant("mak-yek").as_deref(), Some("mak-yek+corner=off"));
/// assert_eq!(
///     upgrade_stored_variant("apit-sodok").as_deref(),
///     Some("hasami-chess+rows=1,2+win=most-captures")
/// );
/// assert_eq!(upgrade_stored_variant("dai-hasami+misere").as_deref(), Some("dai-hasami"));
/// assert_eq!(upgrade_stored_variant("hasami+win=captures:5"), None);
/// assert_eq!(upgrade_stored_variant("shogun"), None);
/// ```
pub fn upgrade_stored_variant(text: &str) -> Option<String> {
    let (preset, o) = parse::parse_with(text, old_preset).ok()?;
    let (_, same_game) = effect::review(&preset.base(), &o);
    if parse::parse_variant(text) == Ok((preset, same_game)) {
        return None;
    }
    // The canonical text only: nothing is interned, so no limit applies to a migration.
    Some(super::geometry::derive(preset, same_game).to_string())
}

/// The presets as they were, each as today's preset and options that play it.
fn old_preset(name: &str) -> Option<(Preset, RuleOptions)> {
    match name {
        "mak-yek" => Some((
            Preset::MakYek,
            RuleOptions {
                corner: false,
                ..Preset::MakYek.base()
            },
        )),
        "apit-sodok" => Some((
            Preset::HasamiChess,
            RuleOptions {
                rows: Rows::OneTwo,
                win: WinList::one(WinItem::MostCaptures),
                ..Preset::HasamiChess.base()
            },
        )),
        _ => Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .map(|p| (p, p.base())),
    }
}

#[cfg(test)]
mod tests {
    use super::upgrade_stored_variant as up;
    use crate::HasamiRules;

    #[test]
    fn old_texts_become_the_same_game_under_todays_rules() {
        for (old, new) in [
            ("mak-yek", "mak-yek+corner=off"),
            (
                "MAK-YEK+diagonal-capture",
                "mak-yek+corner=off+diagonal-capture=on",
            ),
            ("apit-sodok", "hasami-chess+rows=1,2+win=most-captures"),
            (
                "apit-sodok+corner=off",
                "hasami-chess+rows=1,2+corner=off+win=most-captures",
            ),
            (
                "apit-sodok+misere",
                "hasami-chess+rows=1,2+win=most-captures",
            ),
            ("dai-hasami+misere", "dai-hasami"),
            ("hasami+five=all+max-run=8", "hasami"),
            ("hasami+win=pieces-left:1,lead:8", "hasami"),
            ("mak-yek+max-run=6", "mak-yek+corner=off"),
        ] {
            assert_eq!(up(old).as_deref(), Some(new), "{old}");
            // The new text is current: it needs no upgrade and parses today.
            assert!(HasamiRules::parse(new).is_ok(), "{new}");
            assert_eq!(up(new), None, "{new}");
        }
    }

    #[test]
    fn texts_that_mean_the_same_game_today_stay() {
        for text in [
            "hasami",
            "hasami+corner=on",
            "mak-yek+corner=off",
            "mak-yek+corner=on",
            "agon+five=all",
            "hasami-chess+misere+win=pieces-left:3",
            "shogun",
            "shogun+seed=7",
            "nonsense",
        ] {
            assert_eq!(up(text), None, "{text}");
        }
    }
}
