//! `hasami variants`.

use hasami_core::hasami::OPTION_HELP;
use hasami_core::shogun::OPTION_HELP as SHOGUN_OPTION_HELP;
use hasami_core::{Preset, ALIASES};

/// Prints the presets and options.
pub fn run() {
    println!("Variant text: PRESET or PRESET+OPTION+OPTION..., e.g. hasami+win=captures:5,lead:3");
    println!();
    println!("Presets:");
    for p in Preset::ALL {
        println!("  {:<21} {}", p.name(), p.about());
    }
    const SHOGUN: &str =
        "Shogun (Ravensburger 1979): pieces move the number their magnets show; protect the Shogun";
    println!("  {:<21} {SHOGUN}", "shogun");
    println!();
    println!("Other names:");
    for a in ALIASES {
        println!("  {:<21} {}: {}", a.name, a.about, a.preset.name());
    }
    println!();
    println!("Options (Hasami family):");
    for (name, about) in OPTION_HELP {
        println!("  {name:<27} {about}");
    }
    println!();
    println!("Options (shogun), e.g. shogun+seed=42+rotation=1:");
    for (name, about) in SHOGUN_OPTION_HELP {
        println!("  {name:<27} {about}");
    }
}
