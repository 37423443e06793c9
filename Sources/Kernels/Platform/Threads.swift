// Platform code of the Kernels module: OS threads, a parking lot (mutex + condition variable),
// and a monotonic clock. Everything else in the module is portable Swift.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A joinable OS thread running a closure.
struct PlatformThread: Sendable {
    #if canImport(Darwin)
    private let handle: pthread_t?
    #else
    private let handle: pthread_t
    #endif

    /// Starts a thread running `body`.
    init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var tid: pthread_t?
        #else
        var tid = pthread_t()
        #endif
        let rc = pthread_create(
            &tid, nil,
            { raw in
                #if canImport(Darwin)
                let body = Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue()
                #else
                let body = Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue()
                #endif
                body.run()
                return nil
            }, box)
        precondition(rc == 0, "pthread_create failed (\(rc))")
        handle = tid
    }

    /// Waits for the thread to finish.
    func join() {
        #if canImport(Darwin)
        if let handle { pthread_join(handle, nil) }
        #else
        pthread_join(handle, nil)
        #endif
    }
}

/// Carries a thread's closure through pthread_create's context pointer.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Threads wait here until woken: a mutex and a condition variable at stable addresses.
///
/// `wait(while:)` re-checks its condition under the mutex, and `wakeAll()` takes the mutex
/// before broadcasting, so a waker that published its state before calling `wakeAll()` cannot
/// slip between a waiter's check and its sleep.
final class ParkingLot: @unchecked Sendable {
    // The pthread objects are only touched through pthread calls, which synchronize them.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Under the mutex: runs `arrive`, sleeps while `keepWaiting()` holds, runs `leave`.
    func park(arrive: () -> Void, while keepWaiting: () -> Bool, leave: () -> Void) {
        pthread_mutex_lock(mutex)
        arrive()
        while keepWaiting() { pthread_cond_wait(condition, mutex) }
        leave()
        pthread_mutex_unlock(mutex)
    }

    /// Wakes every waiting thread.
    func wakeAll() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}

/// Platform services the module needs.
enum Platform {
    /// Nanoseconds from an arbitrary fixed point (CLOCK_MONOTONIC).
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Gives up the rest of this thread's time slice.
    static func yield() { sched_yield() }

    /// `size` bytes aligned to `alignment`, zeroed; free with `deallocate`.
    static func allocateAligned(_ size: Int, alignment: Int = 64) -> UnsafeMutableRawPointer {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: alignment)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(size, 1))
        return pointer
    }
}
