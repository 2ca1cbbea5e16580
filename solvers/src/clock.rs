//! The clock the searches read for time limits and statistics.
//!
//! Natively this is [`std::time::Instant`]. On `wasm32-unknown-unknown`
//! `Instant::now()` panics (the target has no clock of its own), so there
//! [`Instant`] is a small stand-in with the same methods that asks the host
//! page for the time: the module imports `sudokit.now_ms() -> f64`, which a
//! browser or node provides as `performance.now()`.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use host::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use std::ops::{Add, Sub};
    use std::time::Duration;

    #[link(wasm_import_module = "sudokit")]
    unsafe extern "C" {
        /// Milliseconds since an arbitrary origin, never decreasing
        /// (`performance.now()`).
        safe fn now_ms() -> f64;
    }

    /// A point in time read from the host, in milliseconds.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// The host's time now.
        pub fn now() -> Instant {
            Instant(now_ms())
        }

        /// The time since `self` (zero if the host's clock went back).
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }

        /// The time from `earlier` to `self`, zero if `earlier` is later.
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1000.0).max(0.0))
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, rhs: Duration) -> Instant {
            Instant(self.0 + rhs.as_secs_f64() * 1000.0)
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, rhs: Instant) -> Duration {
            self.duration_since(rhs)
        }
    }
}
