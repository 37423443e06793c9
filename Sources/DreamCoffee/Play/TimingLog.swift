import FMSupport
import Foundation

/// Appends how long things took to a file, one JSON object per line
/// (`{"event":"first-character","milliseconds":412.5}`), for the latency figures.
package struct TimingLog: Sendable {
    /// The file, or `nil` to record nothing.
    package let url: URL?

    /// A log appending to `url`.
    package init(url: URL?) {
        self.url = url
    }

    /// Records that `event` took the time since `start`.
    package func record(_ event: String, since start: ContinuousClock.Instant) {
        guard let url else { return }
        let milliseconds = (ContinuousClock.now - start).milliseconds
        let line = #"{"event":"\#(event)","milliseconds":\#((milliseconds * 10).rounded() / 10)}"# + "\n"
        let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = line.utf8CString.withUnsafeBufferPointer { Foundation.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }
}
