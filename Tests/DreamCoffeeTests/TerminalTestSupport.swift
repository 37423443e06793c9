import FMSupport
import Foundation

/// The package's seeded generator, under the name these tests use.
typealias SeededGenerator = SplitMix64

enum TestPaths {
    /// The built `dream-coffee` executable, next to the test bundle.
    static var game: URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("dream-coffee")
    }
}
