import Metrics
import Prometheus

/// The server's metrics, recorded through swift-metrics into a Prometheus registry of its own
/// (so several servers in one process do not mix), and rendered by `GET /metrics`.
final class ServerMetrics: Sendable {
    /// Where the metrics live.
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let promptTokens: Metrics.Counter
    private let cachedTokens: Metrics.Counter
    private let completionTokens: Metrics.Counter
    private let rejected: Metrics.Counter
    private let cancelled: Metrics.Counter
    private let slowRequests: Metrics.Counter
    /// Requests generating now.
    let running: Metrics.Gauge
    /// Requests waiting now.
    let waiting: Metrics.Gauge

    /// Fresh metrics.
    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2), .seconds(5), .seconds(10), .seconds(30), .seconds(60),
        ]
        self.factory = factory
        promptTokens = Metrics.Counter(label: "fm_prompt_tokens_total", factory: factory)
        cachedTokens = Metrics.Counter(label: "fm_prompt_cached_tokens_total", factory: factory)
        completionTokens = Metrics.Counter(label: "fm_completion_tokens_total", factory: factory)
        rejected = Metrics.Counter(label: "fm_requests_rejected_total", dimensions: [("reason", "queue_full")], factory: factory)
        cancelled = Metrics.Counter(label: "fm_requests_cancelled_total", factory: factory)
        slowRequests = Metrics.Counter(label: "fm_connections_closed_total", dimensions: [("reason", "slow_request")], factory: factory)
        running = Metrics.Gauge(label: "fm_requests_running", factory: factory)
        waiting = Metrics.Gauge(label: "fm_requests_waiting", factory: factory)
    }

    /// Counts a finished request of `route` with its status.
    func request(route: String, status: Int, seconds: Double) {
        Metrics.Counter(label: "fm_http_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory).increment()
        Metrics.Timer(label: "fm_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(Int64(seconds * 1e9))
    }

    /// Counts a completion's tokens.
    func completion(_ usage: CompletionUsage) {
        promptTokens.increment(by: usage.promptTokens)
        cachedTokens.increment(by: usage.cachedTokens)
        completionTokens.increment(by: usage.completionTokens)
    }

    /// Counts a request refused because the queue was full.
    func rejectedFull() { rejected.increment() }

    /// Counts a generation cancelled because its client went away.
    func cancelledByClient() { cancelled.increment() }

    /// Counts a connection closed because its request did not arrive whole within the idle timeout.
    func slowRequestClosed() { slowRequests.increment() }

    /// The Prometheus text exposition.
    func exposition() -> String { registry.emitToString() }
}
