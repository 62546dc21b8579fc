//! Work shared out between threads: std's scoped threads, one per core or as many as asked, a
//! thread that cannot be had leaving its share to the others (a judge may allow only one).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

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
    // Put in place, not sorted: a sort is compiled again for each kind of result.
    let mut placed: Vec<Option<R>> = items.iter().map(|_| None).collect();
    let done = on_threads(threads.min(items.len()), worker);
    for (i, result) in done.into_iter().flatten() {
        placed[i] = Some(result);
    }
    placed.into_iter().flatten().collect()
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
/// as can be had; with the `progress` feature, no job begun before every thread has started
/// ([`Start`]). Not generic, so that the code that starts threads is compiled once, not once for
/// each kind of work.
fn run_on_threads(threads: usize, job: &(dyn Fn(usize) + Sync)) {
    #[cfg(feature = "progress")]
    let start = &Start::default();
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|i| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        #[cfg(feature = "progress")]
                        start.arrive_and_wait();
                        job(i)
                    })
                    .ok()
            })
            .collect();
        #[cfg(feature = "progress")]
        start.all_arrived(helpers.len());
        job(0);
        for helper in helpers {
            helper
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
    })
}

/// The start of a few threads, which the work waits for. A thread asks the system for its
/// stack, then, on its own, for the stack its signal handler runs on, and that refused aborts
/// the process: so nothing that may take the last of the memory (a table, a beam's level) is
/// asked for while a thread is starting, and a refusal is the error [`crate::memory`] reports
/// (with the `progress` feature; without it, a refusal aborts anyway).
#[cfg(feature = "progress")]
#[derive(Default)]
struct Start {
    /// How many threads have started, and whether all have.
    arrived: Mutex<(usize, bool)>,
    changed: Condvar,
}

#[cfg(feature = "progress")]
impl Start {
    /// On a thread started: it is running; waits until the thread that started it has seen
    /// every one arrive.
    fn arrive_and_wait(&self) {
        let mut arrived = self.arrived.lock().unwrap_or_else(|e| e.into_inner());
        arrived.0 += 1;
        self.changed.notify_all();
        while !arrived.1 {
            arrived = self
                .changed
                .wait(arrived)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    /// On the thread that started `threads` others: waits until all have arrived, then lets
    /// them go on.
    fn all_arrived(&self, threads: usize) {
        let mut arrived = self.arrived.lock().unwrap_or_else(|e| e.into_inner());
        while arrived.0 < threads {
            arrived = self
                .changed
                .wait(arrived)
                .unwrap_or_else(|e| e.into_inner());
        }
        arrived.1 = true;
        self.changed.notify_all();
    }
}

/// What `work` returns, with `tick` called meanwhile from a thread of its own every `period`,
/// until `work` returns or panics; never after, so a tick may end the process knowing that
/// `work` has not returned (a thread that cannot be had: `work` alone). With the `progress`
/// feature, the work begins once the ticking thread has started (`Start`).
pub fn with_ticks<T>(period: Duration, tick: impl FnMut() + Send, work: impl FnOnce() -> T) -> T {
    let over = Over(Mutex::new(false), Condvar::new());
    #[cfg(feature = "progress")]
    let start = &Start::default();
    std::thread::scope(|scope| {
        let mut tick = tick;
        let over = &over;
        let ticking = std::thread::Builder::new().spawn_scoped(scope, move || {
            #[cfg(feature = "progress")]
            start.arrive_and_wait();
            // The tick runs under the lock, which the end of the work takes.
            let mut ended = over.0.lock().unwrap_or_else(|e| e.into_inner());
            while !*ended {
                tick();
                let waited = over.1.wait_timeout(ended, period);
                ended = waited.unwrap_or_else(|e| e.into_inner()).0;
            }
        });
        let _ends_the_ticks = ticking.ok().map(|_| {
            #[cfg(feature = "progress")]
            start.all_arrived(1);
            Ending(over)
        });
        work()
    })
}

/// Whether the work of [`with_ticks`] is over, and the wake-up of the thread that ticks.
struct Over(Mutex<bool>, Condvar);

/// Ends the ticks of [`with_ticks`] when dropped: once the work returns, and also when it
/// panics, or else the scope would wait for the ticking thread for ever.
struct Ending<'a>(&'a Over);

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        *self.0 .0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.0 .1.notify_one();
    }
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

    #[test]
    fn ticks_while_the_work_lasts_and_never_after() {
        let ticks = AtomicUsize::new(0);
        let tick = || {
            ticks.fetch_add(1, Ordering::SeqCst);
        };
        let work = || {
            // The first tick comes as the ticking thread starts: wait for it, then a few more.
            while ticks.load(Ordering::SeqCst) < 3 {
                std::thread::yield_now();
            }
            6 * 7
        };
        assert_eq!(with_ticks(Duration::from_millis(1), tick, work), 42);
        // Taken by value: no thread still holds the ticks, so none can tick again.
        assert!(ticks.into_inner() >= 3);
    }

    /// Work that panics ends its ticks too, so the panic goes on out of `with_ticks`, where the
    /// scope would wait for the ticking thread for ever. The wait here is a guard against that
    /// hang, not a measure of time.
    #[test]
    fn work_that_panics_ends_its_ticks() {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let caught = std::panic::catch_unwind(|| {
                with_ticks(Duration::from_millis(1), || {}, || panic!("a bug"))
            });
            sender.send(caught.is_err()).unwrap();
        });
        let caught = receiver.recv_timeout(Duration::from_secs(600));
        assert_eq!(caught, Ok(true), "the panic did not come out of with_ticks");
    }
}
