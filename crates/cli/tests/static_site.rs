//! `hasami static DIR` end to end: the folder holds the page, every file it names, the engine's
//! module and its worker, and (once the build has one) the service worker whose cache list names only
//! files that are there; a second run replaces the files.

use std::path::Path;
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_hasami");

fn write(dir: &Path) -> String {
    let out = Command::new(EXE)
        .arg("static")
        .arg(dir)
        .output()
        .expect("run hasami static");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The paths a text names under `/assets/` (`/assets/VERSION/FILE`), as paths in the folder.
fn assets_named(text: &str) -> Vec<String> {
    text.split("/assets/")
        .skip(1)
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '-' | '_')))
                .unwrap_or(rest.len());
            format!("assets/{}", &rest[..end])
        })
        .collect()
}

#[test]
fn the_folder_holds_the_page_and_everything_it_loads() {
    let dir = tempfile::tempdir().unwrap();
    let said = write(dir.path());
    assert!(said.starts_with("wrote "), "{said}");
    let page = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    let named = assets_named(&page);
    assert!(named.len() >= 3, "{named:?}");
    for file in &named {
        assert!(dir.path().join(file).is_file(), "index.html names {file}");
    }
    let version_dir = Path::new(&named[0]).parent().unwrap().to_path_buf();
    let module = std::fs::read(dir.path().join(version_dir.join("hasami_wasm.wasm"))).unwrap();
    assert_eq!(&module[..4], b"\0asm", "the engine's module");
    assert!(dir
        .path()
        .join(version_dir.join("engine-worker.js"))
        .is_file());
    assert!(dir
        .path()
        .join(version_dir.join("page-engine.js"))
        .is_file());
    if let Ok(sw) = std::fs::read_to_string(dir.path().join("sw.js")) {
        assert!(sw.starts_with("const VERSION = '"), "{}", &sw[..80]);
        let cached = assets_named(sw.lines().nth(1).unwrap());
        assert!(cached.len() > named.len(), "{cached:?}");
        for file in &cached {
            assert!(dir.path().join(file).is_file(), "sw.js caches {file}");
        }
        assert!(dir.path().join("manifest.webmanifest").is_file());
    }
    // Again over the same folder: the same files, replaced.
    assert_eq!(write(dir.path()), said);
}
