//! Asking the memory for a value before reading it: a search that asks for a batch of
//! scattered values first, then reads them, waits for their cache misses together, not in turn.

/// Asks for the cache line of `value`, where the processor can be asked (x86-64); elsewhere
/// nothing.
#[inline]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // Safety: a prefetch only hints the cache; SSE, which it needs, is part of x86-64.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(value as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
