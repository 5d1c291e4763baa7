//! The engine's clock: `std::time::Instant` natively; in WebAssembly for the browser
//! (`wasm32-unknown-unknown`, which has no clock of its own) the host's milliseconds, imported as
//! `env.hasami_now_ms` (the page gives `performance.now()`; crates/wasm). Only the search's time
//! limits and the bench's timings read it, so a node-limited or depth-limited search is the same
//! on either.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub(crate) use host::Instant;

#[cfg(target_arch = "wasm32")]
mod host {
    use std::ops::Add;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        fn hasami_now_ms() -> f64;
    }

    /// A moment, in the host's milliseconds.
    #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
    pub(crate) struct Instant(f64);

    impl Instant {
        /// Now.
        pub(crate) fn now() -> Instant {
            // SAFETY: a function of the host with no arguments that returns a number.
            Instant(unsafe { hasami_now_ms() })
        }

        /// The time since this moment (zero if the host's clock went back).
        pub(crate) fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }

        /// The time from `earlier` to this moment, zero if `earlier` is later.
        pub(crate) fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1000.0).max(0.0))
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1000.0)
        }
    }
}
