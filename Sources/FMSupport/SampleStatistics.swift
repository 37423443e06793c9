/// Mean, median, sample standard deviation (n - 1, as llama-bench reports it) and percentiles of
/// measured samples: the one home of these for every benchmark and report.
///
/// ```swift
/// let ms = [12.0, 10.5, 11.2]
/// print(SampleStatistics.median(ms), SampleStatistics.percentile(ms, 0.9))   // 11.2 12.0
/// ```
package enum SampleStatistics {
    /// The arithmetic mean (0 for no values).
    package static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The median (0 for no values).
    package static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// The sample standard deviation (0 for fewer than two values).
    package static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let m = mean(values)
        return (values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)).squareRoot()
    }

    /// The `q`-quantile (0...1) by the nearest-rank-below rule: the value at index
    /// `floor(count * q)` of the sorted samples, clamped to the last (0 for no values).
    package static func percentile(_ values: [Double], _ q: Double) -> Double {
        percentile(sorted: values.sorted(), q)
    }

    /// `percentile` of values already sorted ascending (sort once, ask many quantiles).
    package static func percentile(sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((Double(sorted.count) * q).rounded(.down))))]
    }
}
