import ChatTemplates
import Testing

/// Hostile templates end with an error, never a crash or a hang.
@Suite("Limits")
struct LimitTests {
    @Test func hugeRangeIsRefused() {
        #expect(failure("{% for i in range(1000000000) %}{% endfor %}")?.kind == .limit)
    }

    @Test func nestedLoopsAreCapped() {
        let error = failure("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}")
        #expect(error?.kind == .limit)
    }

    @Test func unboundedMacroRecursionIsCapped() {
        #expect(failure("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}")?.kind == .limit)
    }

    /// Found by the chat-template fuzzer: a macro that calls itself twice per level stays
    /// under the depth limit and still makes 2^n calls.
    @Test func branchingMacroRecursionIsCapped() {
        let template = "{% macro f(x) %}{% if x > 0 %}{{ f(x - 1) }}{{ f(x - 1) }}{% endif %}{% endmacro %}{{ f(40) }}"
        let error = failure(template)
        #expect(error?.kind == .limit)
        #expect(error?.message.contains("macro calls") == true, "\(String(describing: error))")
    }

    @Test func outputSizeIsCapped() {
        #expect(failure("{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}")?.kind == .limit)
        #expect(failure("{{ 'x' * 1000000000000 }}")?.kind == .limit)
    }

    @Test func deepNestingIsRefused() {
        let parentheses = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        #expect(failure("{{ \(parentheses) }}")?.kind == .limit)
        let chain = "{{ 1" + String(repeating: " + 1", count: 100_000) + " }}"
        #expect(failure(chain)?.kind == .limit)
        let filters = "{{ 'a'" + String(repeating: "|upper", count: 10_000) + " }}"
        #expect(failure(filters)?.kind == .limit)
        let blocks = String(repeating: "{% if true %}", count: 5000) + String(repeating: "{% endif %}", count: 5000)
        #expect(failure(blocks)?.kind == .limit)
        let conditionals = "{{ " + String(repeating: "1 if false else ", count: 5000) + "2 }}"
        #expect(failure(conditionals)?.kind == .limit)
    }

    @Test func deepValuesAreRefused() {
        #expect(failure("{% set ns = namespace(v=[]) %}{% for i in range(1000) %}{% set ns.v = [ns.v] %}{% endfor %}{{ ns.v }}")?.kind == .limit)
    }

    @Test func integerOverflowIsAnError() {
        #expect(failure("{{ 3 ** 64 }}")?.kind == .limit)
        #expect(failure("{{ 9223372036854775807 + 1 }}")?.kind == .limit)
    }

    @Test func malformedInputNeverCrashes() {
        let sources = [
            "{{", "{%", "{#", "{{ }}", "{% %}", "{{ ) }}", "{{ 'a }}", "{% for %}", "{% set %}", "{{ a. }}",
            "{{ a[ }}", "{% macro %}", "{% endraw %}", "{% raw %}", "{{ 0x }}", "{{ 1e }}", "{{ \"\\x4\" }}",
            "{{ a|  }}", "{{ a is }}", "{{ [1,2][1:2:0] }}", "{{ {[1]: 2} }}", "{{ x(*a) }}", "{% if %}{% endif %}",
            "{{ 99999999999999999999 }}", "{% break %}", "{% for x in y %}{% macro m() %}{% break %}{% endmacro %}{% endfor %}",
        ]
        for source in sources {
            #expect(failure(source) != nil, "\(source) should fail")
        }
    }
}

/// Values that would print or join to enormous text are refused before the memory is spent.
@Suite("Size limits")
struct SizeLimitTests {
    @Test func hugeJoinsAndPrintsAreRefused() {
        let big = "{% set s = 'x' * 4000000 %}"
        #expect(failure(big + "{{ ([s] * 10)|join }}")?.kind == .limit)
        #expect(failure(big + "{{ ''.join([s] * 10) }}")?.kind == .limit)
        #expect(failure(big + "{{ [s] * 10 }}")?.kind == .limit)
        #expect(failure(big + "{{ ([s] * 10)|tojson }}")?.kind == .limit)
        #expect(failure("{{ [1] * 100000000 }}")?.kind == .limit)
        #expect(failure("{{ 'x'|center(1000000000000) }}")?.kind == .limit)
        #expect(failure("{{ 'x'|indent(1000000000000, true) }}")?.kind == .limit)
        #expect(failure("{{ [1]|batch(1000000000000, 0)|list }}")?.kind == .limit)
        #expect(failure("{{ 1.5|round(9223372036854775807) }}") == nil)
        #expect(failure("{{ range(-9223372036854775807, 9223372036854775807, -9223372036854775807 - 1)|list }}") == nil)
        #expect(failure("{{ range(-9223372036854775807, 9223372036854775807)|list }}")?.kind == .limit)
        #expect(failure("{{ [1, 2, 3][1::9223372036854775807] }}") == nil)
        #expect(failure("{{ '%d' % 1e300 }}")?.kind == .type)
    }
}
