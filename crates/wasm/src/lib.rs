//! # hasami-wasm
//!
//! The rules library and the engine built for the browser (`wasm32-unknown-unknown`), behind a
//! small C-style interface that any page or Web Worker can call without glue code (docs/wasm.md):
//!
//! - `hasami_alloc(len) -> ptr` and `hasami_free(ptr, len)`: memory for a request's bytes;
//! - `hasami_search(ptr, len) -> len`: runs the search request written at `ptr` (text,
//!   [`search()`]) and leaves its answer (JSON) to be read at `hasami_out_ptr()`, `len` bytes long;
//! - `hasami_view(ptr, len) -> len`: the board after a request's moves ([`view()`]), as the
//!   server's `POST /api/analysis` answers it;
//! - `hasami_record(ptr, len) -> len`: a game's record text ([`record()`]);
//! - `hasami_puzzles(ptr, len) -> len` and `hasami_attempt(ptr, len) -> len`: a puzzle file's
//!   puzzles ([`puzzles()`]) and the check of a line played on one ([`attempt()`]), as the server
//!   checks it; these requests carry the file's text, up to [`MAX_PUZZLE_REQUEST`] bytes;
//! - `hasami_bench(depth) -> len`: `hasami bench`'s positions searched to `depth` (9 is the bench's
//!   own), the answer as JSON at `hasami_out_ptr()`: each position's nodes and milliseconds.
//!
//! The module imports one function, `env.hasami_now_ms() -> f64` (the page gives
//! `performance.now()`): the engine's clock for time limits and timings.
#![deny(missing_docs)]

mod board;
mod json;
mod puzzles;
mod search;

use std::sync::Mutex;

pub use board::{record, view};
pub use puzzles::{attempt, puzzles, MAX_PUZZLE_REQUEST};
pub use search::{bench, search};

use json::error;

/// The last answer, read by the page through `hasami_out_ptr` after a call.
static OUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The longest request read, in bytes (a thousand moves of text is far less).
pub const MAX_REQUEST: usize = 64 * 1024;

/// Keeps `answer` as the last answer; its length.
fn answer(answer: String) -> usize {
    let mut out = OUT.lock().unwrap_or_else(|e| e.into_inner());
    *out = answer.into_bytes();
    out.len()
}

/// `len` bytes of memory for the page to write a request into.
#[no_mangle]
pub extern "C" fn hasami_alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len);
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Frees memory from [`hasami_alloc`].
///
/// # Safety
/// `ptr` and `len` must be a pair [`hasami_alloc`] gave, freed once.
#[no_mangle]
pub unsafe extern "C" fn hasami_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes what hasami_alloc made: a vector's buffer of capacity `len`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn hasami_out_ptr() -> *const u8 {
    OUT.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
}

/// The answer of `run` to the request of `len` bytes at `ptr` (UTF-8 text of at most
/// [`MAX_REQUEST`] bytes), kept as the last answer; its length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes.
unsafe fn request(ptr: *const u8, len: usize, run: fn(&str) -> String) -> usize {
    // SAFETY: the caller's promise is this function's.
    unsafe { request_up_to(MAX_REQUEST, ptr, len, run) }
}

/// [`request`] with a request of at most `max` bytes.
///
/// # Safety
/// `ptr` must point at `len` readable bytes.
unsafe fn request_up_to(max: usize, ptr: *const u8, len: usize, run: fn(&str) -> String) -> usize {
    if len > max {
        return answer(error(&format!("a request is at most {max} bytes")));
    }
    // SAFETY: the caller gives `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    answer(match std::str::from_utf8(bytes) {
        Ok(text) => run(text),
        Err(_) => error("a request is UTF-8 text"),
    })
}

/// Runs the search request of `len` bytes at `ptr`; the answer's length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes (memory from [`hasami_alloc`] the page wrote into).
#[no_mangle]
pub unsafe extern "C" fn hasami_search(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise is this function's.
    unsafe { request(ptr, len, search) }
}

/// The board of the view request of `len` bytes at `ptr`; the answer's length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes (memory from [`hasami_alloc`] the page wrote into).
#[no_mangle]
pub unsafe extern "C" fn hasami_view(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise is this function's.
    unsafe { request(ptr, len, view) }
}

/// The record of the record request of `len` bytes at `ptr`; the answer's length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes (memory from [`hasami_alloc`] the page wrote into).
#[no_mangle]
pub unsafe extern "C" fn hasami_record(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise is this function's.
    unsafe { request(ptr, len, record) }
}

/// The puzzles of the puzzles request of `len` bytes at `ptr`; the answer's length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes (memory from [`hasami_alloc`] the page wrote into).
#[no_mangle]
pub unsafe extern "C" fn hasami_puzzles(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise is this function's.
    unsafe { request_up_to(MAX_PUZZLE_REQUEST, ptr, len, puzzles) }
}

/// The verdict of the attempt request of `len` bytes at `ptr`; the answer's length.
///
/// # Safety
/// `ptr` must point at `len` readable bytes (memory from [`hasami_alloc`] the page wrote into).
#[no_mangle]
pub unsafe extern "C" fn hasami_attempt(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise is this function's.
    unsafe { request_up_to(MAX_PUZZLE_REQUEST, ptr, len, attempt) }
}

/// `hasami bench`'s positions searched to `depth` (1–12); the answer's length.
#[no_mangle]
pub extern "C" fn hasami_bench(depth: u32) -> usize {
    answer(bench(depth.clamp(1, 12)))
}
