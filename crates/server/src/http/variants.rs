//! The variants on offer: `GET /api/variants` (presets and options) and `GET /api/variants/check`
//! (a variant text checked and made canonical).

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use hasami_core::hasami::OPTION_HELP;
use hasami_core::shogun::OPTION_HELP as SHOGUN_OPTION_HELP;
use hasami_core::{HasamiPosition, HasamiRules, Variant};
use hasami_core::{Preset, ALIASES};
use hasami_core::{ShogunPosition, ShogunRules};

use crate::http::assets::Fixed;
use crate::http::error::ApiError;
use crate::live::GameError;

/// What Shogun is, for the variant list.
const SHOGUN_ABOUT: &str = "Shogun (Ravensburger, 1979): 8x8, each piece moves exactly the number it shows, which changes with the square; protect your Shogun";

/// How Shogun is won (RULES.md S6, S7), the reminder beside the board.
fn shogun_goal(capture_allowed: bool) -> &'static str {
    if capture_allowed {
        "Win: capture the opponent's Shogun, or leave the opponent with its Shogun and one other piece."
    } else {
        "Win: leave the opponent's Shogun attacked with no way out (or no move at all), or with only one other piece."
    }
}

/// `GET /api/variants`: the presets (Shogun included), the other names of presets (`aliases:
/// [{"name": "apit-sodok", "preset": "mak-yek", "about": "the Malay name of Mak-yek"}]`), the options
/// of each family and the engine's levels in words (`levels: [{"level": 1, "words": "1 — Beginner: …"}, …]`, the same for every game).
pub async fn list(headers: HeaderMap) -> Response {
    static LIST: OnceLock<Fixed> = OnceLock::new();
    LIST.get_or_init(|| Fixed::new(listing().to_string()))
        .answer("application/json", "no-cache", &headers)
}

/// The presets, names, options and levels, as `GET /api/variants` answers them (also written by the
/// static build as `variants.json`, which the page reads where no server answers).
pub(crate) fn listing() -> serde_json::Value {
    let mut presets: Vec<_> = Preset::ALL
        .iter()
        .map(|&p| {
            let rules = HasamiRules::preset(p);
            serde_json::json!({
                "name": p.name(),
                "about": p.about(),
                "size": rules.size(),
                "start": HasamiPosition::start(rules).to_string(),
            })
        })
        .collect();
    presets.push(serde_json::json!({
        "name": "shogun",
        "about": SHOGUN_ABOUT,
        "size": 8,
        "start": ShogunPosition::start(ShogunRules::standard()).to_string(),
    }));
    let aliases: Vec<_> = ALIASES
        .iter()
        .map(|a| serde_json::json!({ "name": a.name, "preset": a.preset.name(), "about": a.about }))
        .collect();
    let options: Vec<_> = OPTION_HELP
        .iter()
        .map(|(name, help)| serde_json::json!({ "option": name, "about": help }))
        .collect();
    let shogun_options: Vec<_> = SHOGUN_OPTION_HELP
        .iter()
        .map(|(name, help)| serde_json::json!({ "option": name, "about": help }))
        .collect();
    let levels: Vec<_> = (1..=10)
        .map(|n| serde_json::json!({ "level": n, "words": hasami_engine::level_words(n) }))
        .collect();
    serde_json::json!({
        "presets": presets,
        "aliases": aliases,
        "options": options,
        "shogun_options": shogun_options,
        "levels": levels,
    })
}

/// `GET /api/variants/check?variant=…`: the canonical text, preset, size and start position.
pub async fn check(Query(q): Query<HashMap<String, String>>) -> Result<Response, ApiError> {
    let text = q
        .get("variant")
        .ok_or_else(|| ApiError::bad_request("missing ?variant=…"))?;
    let variant = Variant::parse(text).map_err(|e| match e.too_many_rule_sets() {
        Some(limit) => ApiError::from(GameError::TooManyRuleSets(limit)),
        None => ApiError::bad_request(format!("bad variant '{text}': {e}")),
    })?;
    let answer = match variant {
        Variant::Hasami(rules) => serde_json::json!({
            "variant": rules.to_string(),
            "preset": rules.preset.name(),
            // The rules as parsed, options included (not the preset's line).
            "about": rules.describe(),
            // How the game is won, the reminder beside the board.
            "goal": rules.goal(),
            "size": rules.size(),
            "start": HasamiPosition::start(rules).to_string(),
        }),
        Variant::Shogun(rules) => serde_json::json!({
            "variant": rules.to_string(),
            "preset": "shogun",
            "about": SHOGUN_ABOUT,
            "goal": shogun_goal(rules.options.capture_allowed),
            "size": 8,
            "start": ShogunPosition::start(rules).to_string(),
        }),
    };
    Ok(Json(answer).into_response())
}
