//! `hasami variants`.

use hasami_core::rules::OPTION_HELP;
use hasami_core::Preset;

/// Prints the presets and options.
pub fn run() {
    println!("Variant text: PRESET or PRESET+OPTION+OPTION..., e.g. hasami+win=captures:5,lead:3");
    println!();
    println!("Presets:");
    for p in Preset::ALL {
        println!("  {:<21} {}", p.name(), p.about());
    }
    println!();
    println!("Options:");
    for (name, about) in OPTION_HELP {
        println!("  {name:<27} {about}");
    }
}
