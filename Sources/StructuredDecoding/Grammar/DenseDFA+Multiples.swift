/// The automaton of `multipleOf`: JSON numbers in plain decimal notation whose value is a
/// multiple of `p / 10^q`, built straight into its table.
///
/// A number is such a multiple when its value times `10^q` is an integer divisible by `p`: its
/// digits past the `q`-th fraction digit are zeros, and its digits up to there, read as one
/// integer, leave no remainder mod `p`. So the states are the remainder so far at each place
/// (in the integer part, after the point, at fraction digit `j ≤ q`), and a state accepts when
/// the remainder, shifted by the fraction digits still to come, is 0 mod `p`: about
/// `p × (q + 2)` states over 13 byte classes. The sign does not change divisibility; `0` (and
/// `-0`) is a multiple of everything.
extension DenseDFA {
    /// The most states `multiples(of:fractionDigits:fractions:)` builds.
    static let maxMultipleStates = 200_000

    /// Numbers `-?(0|[1-9][0-9]*)(\.[0-9]+)?` (without the fraction unless `fractions`) that are
    /// multiples of `p / 10^q`.
    static func multiples(of p: Int, fractionDigits q: Int, fractions: Bool) throws(GrammarError) -> DenseDFA {
        precondition(p > 0 && q >= 0, "a positive divisor")
        let blocks = fractions ? q + 2 : 1 // int, then dot and q fraction places
        guard p <= maxMultipleStates, blocks <= maxMultipleStates / p else { throw GrammarError.automatonTooLarge("multipleOf") }
        var classOf = [UInt8](repeating: 0, count: 256)
        classOf[Int(UInt8(ascii: "-"))] = 1
        classOf[Int(UInt8(ascii: "."))] = 2
        for digit in 0..<10 { classOf[0x30 + digit] = UInt8(3 + digit) }
        let classCount = 13
        let start = 0, minus = 1, zero = 2, tail = 3
        func int(_ r: Int) -> Int { 4 + r }
        func dot(_ r: Int) -> Int { 4 + p + r }
        func fraction(_ j: Int, _ r: Int) -> Int { 4 + p * (j + 1) + r } // j in 1...q
        let count = 4 + p * blocks
        var rows = [Int32](repeating: -1, count: count * classCount)
        var accepting = [Bool](repeating: false, count: count)
        func set(_ state: Int, _ byteClass: Int, _ target: Int) { rows[state * classCount + byteClass] = Int32(target) }
        // 10^k mod p for the shifts still to come.
        var shift = [Int](repeating: 1 % p, count: q + 1)
        for k in stride(from: 1, through: q, by: 1) { shift[k] = shift[k - 1] * 10 % p }
        for from in [start, minus] {
            if from == start { set(start, 1, minus) }
            set(from, 3, zero)
            for digit in 1..<10 { set(from, 3 + digit, int(digit % p)) }
        }
        accepting[zero] = true
        for r in 0..<p {
            accepting[int(r)] = r * shift[fractions ? q : 0] % p == 0
            for digit in 0..<10 { set(int(r), 3 + digit, int((r * 10 + digit) % p)) }
        }
        guard fractions else {
            return DenseDFA(pruning: rows, accepting: accepting, classOf: classOf, classCount: classCount)
        }
        set(zero, 2, dot(0))
        accepting[tail] = true
        set(tail, 3, tail)
        for r in 0..<p {
            set(int(r), 2, dot(r))
            for digit in 0..<10 {
                let next = (r * 10 + digit) % p
                if q >= 1 {
                    set(dot(r), 3 + digit, fraction(1, next))
                } else if digit == 0, r == 0 {
                    set(dot(r), 3, tail)
                }
            }
            for j in stride(from: 1, through: q, by: 1) {
                accepting[fraction(j, r)] = r * shift[q - j] % p == 0
                for digit in 0..<10 {
                    if j < q {
                        set(fraction(j, r), 3 + digit, fraction(j + 1, (r * 10 + digit) % p))
                    } else if digit == 0, r == 0 {
                        set(fraction(j, r), 3, tail)
                    }
                }
            }
        }
        return DenseDFA(pruning: rows, accepting: accepting, classOf: classOf, classCount: classCount)
    }
}
