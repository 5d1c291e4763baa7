//! The conversion suite's file format (docs/conversion.md): a comment (`# Conversion suite: VARIANT,
//! ABOUT`, ABOUT may run on over `#` lines), the `variant` line and one position text per line.
//! `hasami tables sample` writes suites; `hasami-lab convert` writes and reads them.

/// The text of a suite of `positions` (position texts) of `variant`, described by `about`.
pub fn suite_text(variant: &str, about: &str, positions: &[String]) -> String {
    let mut text = format!(
        "# Conversion suite: {variant}, {about}\n\
         # One position text per line; the first line names the variant.\n\
         variant {variant}\n"
    );
    for p in positions {
        text.push_str(p);
        text.push('\n');
    }
    text
}
