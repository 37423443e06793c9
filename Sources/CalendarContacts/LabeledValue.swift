/// An e-mail address or phone number with its `TYPE`s (`work`, `cell`, …) and label.
package struct LabeledValue: Sendable, Equatable, Hashable {
    /// The address or number, without a `mailto:` or `tel:` prefix.
    package var value: String
    /// The `TYPE` parameter values, lower-cased (`["work", "voice"]`), without `pref`.
    package var types: [String]
    /// Whether the value is marked preferred (`TYPE=pref`, or `PREF=1` in vCard 4.0).
    package var isPreferred: Bool
    /// A custom label from an Apple-style `itemN.X-ABLabel` in the same group, if any.
    package var label: String?

    /// A labeled value.
    package init(value: String, types: [String] = [], isPreferred: Bool = false, label: String? = nil) {
        self.value = value
        self.types = types
        self.isPreferred = isPreferred
        self.label = label
    }
}
