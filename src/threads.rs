//! Work shared out between threads: std's scoped threads, one per core or as many as asked, a
//! thread that cannot be had leaving its share to the others (a judge may allow only one).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The cores of this machine: more threads than that only cost their start-up, which on easy
/// boards is most of the work.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `work` applied to each item, on up to `threads` threads, the results in the items' order.
/// Each thread takes the next item left, so a slow item holds up only its own thread.
pub fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            match items.get(i) {
                Some(item) => done.push((i, work(item))),
                None => return done,
            }
        }
    };
    let mut done: Vec<_> = on_threads(threads.min(items.len()), worker)
        .into_iter()
        .flatten()
        .collect();
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, result)| result).collect()
}

/// What `worker` returns, run on this thread and on up to `threads - 1` others at once. A thread
/// that cannot be had leaves its share to the others.
pub fn on_threads<R: Send>(threads: usize, worker: impl Fn() -> R + Sync) -> Vec<R> {
    let results: Vec<Mutex<Option<R>>> = (0..threads.max(1)).map(|_| Mutex::new(None)).collect();
    run_on_threads(results.len(), &|i| {
        let result = worker();
        *results[i].lock().unwrap() = Some(result);
    });
    let results = results.into_iter().map(|r| r.into_inner().unwrap());
    results.flatten().collect()
}

/// `job(0)` on this thread and `job(i)` for `i` in `1..threads` on threads of their own, as many
/// as can be had. Not generic, so that the code that starts threads is compiled once, not once
/// for each kind of work.
fn run_on_threads(threads: usize, job: &(dyn Fn(usize) + Sync)) {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|i| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || job(i))
                    .ok()
            })
            .collect();
        job(0);
        for helper in helpers {
            helper
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_and_the_results_in_order() {
        let items: Vec<u64> = (0..1000).collect();
        let square = |x: &u64| {
            // Some items slow, so that the threads finish items out of order.
            if x % 10 == 0 {
                std::thread::sleep(std::time::Duration::from_micros(100));
            }
            x * x
        };
        let expected: Vec<u64> = items.iter().map(square).collect();
        for threads in [1, 2, 3, 8] {
            assert_eq!(in_parallel(&items, threads, square), expected);
        }
        let calls = AtomicUsize::new(0);
        let counted = on_threads(3, || calls.fetch_add(1, Ordering::Relaxed));
        assert_eq!(counted.len(), 3);
        assert_eq!(calls.into_inner(), 3);
    }
}
