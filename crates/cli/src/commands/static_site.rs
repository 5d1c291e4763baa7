//! `hasami static DIR`: the web app written to a folder that any static web host serves, for play
//! without a server (docs/web.md, "Offline"): the page, its files, the engine as WebAssembly, the
//! service worker and the manifest. Games are then played in the browser and kept there.

use std::path::PathBuf;

use clap::Args;

use super::CliError;

/// The folder to write.
#[derive(Args, Debug)]
pub struct StaticArgs {
    /// The folder to write the web app to (made if missing; files of the same name are replaced).
    pub dir: PathBuf,
}

/// Writes the web app to the folder and says what it wrote.
pub fn run(args: &StaticArgs) -> Result<(), CliError> {
    let written = hasami_server::write_static(&args.dir)?;
    if !written.iter().any(|f| f.ends_with("hasami_wasm.wasm")) {
        eprintln!(
            "hasami static: this build has no WebAssembly engine (add the target with `rustup target add wasm32-unknown-unknown` and build again): games against the computer will not work there"
        );
    }
    println!(
        "wrote {} files to {} (serve the folder with any static web host; .wasm as application/wasm)",
        written.len(),
        args.dir.display()
    );
    Ok(())
}
