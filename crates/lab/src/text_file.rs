//! Reading a text file the user names (a conversion suite, an openings file) with a bound on its
//! size, so that a huge or endless file (`/dev/zero`) is refused instead of read into memory.

use std::io::Read;
use std::path::Path;

/// The largest text file read: 16 MiB, far above any suite or openings file.
pub const MAX_TEXT_FILE: u64 = 16 << 20;

/// The file's text, or why not (it cannot be read, is not UTF-8, or is larger than `max` bytes).
pub fn read_text_file(path: &Path, max: u64) -> Result<String, String> {
    String::from_utf8(read_bytes_file(path, max)?).map_err(|_| "not UTF-8 text".to_string())
}

/// The file's bytes, or why not (it cannot be read or is larger than `max` bytes).
pub fn read_bytes_file(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!("larger than {max} bytes"));
    }
    Ok(bytes)
}
