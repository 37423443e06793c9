import ChatTemplates
import Testing

/// The language pieces, one behaviour per test (the fixtures compare whole templates with jinja2).
@Suite("Template language")
struct LanguageTests {
    @Test func whitespaceControl() throws {
        #expect(try render("a  {%- if true -%}  b  {%- endif -%}  c") == "abc")
        #expect(try render("a\n  {{- 'b' -}}  \nc") == "abc")
        #expect(try render("x  {{ 'y' }}  z") == "x  y  z")
    }

    @Test func trimAndLstripBlocks() throws {
        // lstrip removes the indentation before block tags, trim the newline after them.
        #expect(try render("  {% if true %}\n    yes\n  {% endif %}\nend") == "    yes\nend")
        // `{{` is not a block tag: its indentation stays.
        #expect(try render("line\n    {{ 'v' }}\n") == "line\n    v")
        // `+` disables both.
        #expect(try render("  {%+ if true +%}\nx{% endif %}") == "  \nx")
        // Comments trim like blocks.
        #expect(try render("a\n  {# note #}\nb") == "a\nb")
    }

    @Test func trailingNewlineAndLineEndings() throws {
        #expect(try render("text\n") == "text")
        #expect(try render("text\n\n") == "text\n")
        #expect(try render("a\r\nb\rc") == "a\nb\nc")
    }

    @Test func rawBlocks() throws {
        #expect(try render("{% raw %}{{ x }}{% if %}{% endraw %}") == "{{ x }}{% if %}")
    }

    @Test func loopVariables() throws {
        let source =
            "{% for x in xs %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}"
            + "{{ loop.first }}{{ loop.last }}{{ loop.length }}{{ loop.previtem }}|{{ loop.nextitem }}|{{ loop.cycle('a', 'b') }};{% endfor %}"
        #expect(try render(source, ["xs": [10, 20]]) == "1021TrueFalse2|20|a;2110FalseTrue210||b;")
    }

    @Test func loopFilterElseAndUnpacking() throws {
        #expect(try render("{% for x in [1, 2, 3] if x != 2 %}{{ x }}/{{ loop.length }} {% endfor %}") == "1/2 3/2 ")
        #expect(try render("{% for x in [] %}x{% else %}none{% endfor %}") == "none")
        #expect(try render("{% for k, v in {'a': 1, 'b': 2}.items() %}{{ k }}{{ v }}{% endfor %}") == "a1b2")
        #expect(
            try render("{% for i in range(9) %}{% if i is odd %}{% continue %}{% endif %}{% if i > 5 %}{% break %}{% endif %}{{ i }}{% endfor %}")
                == "024")
    }

    @Test func scoping() throws {
        // Assignments inside a loop body stay there; a namespace carries values out.
        #expect(try render("{% set x = 0 %}{% for i in [1, 2] %}{% set x = i %}{% endfor %}{{ x }}") == "0")
        #expect(try render("{% set ns = namespace(x=0) %}{% for i in [1, 2] %}{% set ns.x = ns.x + i %}{% endfor %}{{ ns.x }}") == "3")
        #expect(try render("{% if true %}{% set x = 5 %}{% endif %}{{ x }}") == "5")
    }

    @Test func macros() throws {
        let source = "{% macro m(a, b='B') %}{{ a }}{{ b }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ m(1) }} {{ m(1, 2, 3, k=4) }} {{ m(b=5, a=6) }}"
        #expect(try render(source) == "1B(){} 12(3,){'k': 4} 65(){}")
        #expect(failure("{% macro m(a) %}{% endmacro %}{{ m(1, 2) }}")?.kind == .type)
    }

    @Test func pythonPrinting() throws {
        #expect(
            try render("{{ 1.0 }} {{ none }} {{ true }} {{ [1, 'a', none] }} {{ {'k': 'v'} }} {{ (1,) }} {{ 1e16 }} {{ 1e-5 }}")
                == "1.0 None True [1, 'a', None] {'k': 'v'} (1,) 1e+16 1e-05")
        #expect(try render("{{ [\"it's\", 'a\\nb'] }}") == "[\"it's\", 'a\\nb']")
        #expect(try render("[{{ missing }}]") == "[]")
    }

    @Test func filters() throws {
        #expect(
            try render("{{ ' x '|trim }}|{{ [3, 1]|sort|join(',') }}|{{ 'ab'|upper }}|{{ none|default('d', true) }}|{{ [1, 2]|length }}")
                == "x|1,3|AB|d|2")
        #expect(
            try render(
                "{{ xs|selectattr('role', 'equalto', 'user')|map(attribute='content')|list }}",
                ["xs": [["role": "user", "content": "a"], ["role": "assistant", "content": "b"]]]) == "['a']")
        #expect(try render("{{ {'a': [1, {'b': none}], 'é': 1.0}|tojson }}") == #"{"a": [1, {"b": null}], "é": 1.0}"#)
        #expect(try render("{{ {'a': [1]}|tojson(indent=2) }}") == "{\n  \"a\": [\n    1\n  ]\n}")
    }

    @Test func attributeAndItemAccess() throws {
        let variables: [String: TemplateValue] = ["m": ["role": "user", "items": "field"]]
        #expect(
            try render("{{ m.role }} {{ m['role'] }} {{ m['items'] }} {{ m.items is callable }} {{ m.nope is defined }}", variables)
                == "user user field True False")
        #expect(try render("{{ 'abc'[::-1] }} {{ [1, 2, 3][1:] }} {{ 'héllo'[1] }}") == "cba [2, 3] é")
    }

    @Test func raiseExceptionCarriesMessageAndLine() {
        let error = failure("line 1\n{% if true %}\n  {{ raise_exception('Roles must alternate') }}\n{% endif %}")
        #expect(error == ChatTemplateError(kind: .raised, message: "Roles must alternate", line: 3))
    }

    @Test func errorsNameTheirLine() {
        #expect(failure("a\nb\n{{ 1 + }}")?.line == 3)
        #expect(failure("a\n{{ x|nosuchfilter }}") == ChatTemplateError(kind: .syntax, message: "No filter named 'nosuchfilter'.", line: 2))
        #expect(
            failure("a\n\n{{ undefined_function() }}") == ChatTemplateError(kind: .undefined, message: "'undefined_function' is undefined", line: 3))
        #expect(failure("{% for x in xs %}\n{{ x }}")?.kind == .syntax)
        #expect(failure("{{ 'a' + 1 }}") == ChatTemplateError(kind: .type, message: "can only concatenate str (not \"int\") to str", line: 1))
    }

    @Test func sandboxForbidsMutation() {
        #expect(
            failure("{{ xs.append(1) }}", ["xs": []])
                == ChatTemplateError(
                    kind: .type, message: "access to attribute 'append' of 'list' object is unsafe.", line: 1))
        #expect(failure("{% set d = {} %}{% set d.x = 1 %}")?.kind == .type)
    }

    @Test func strftimeNowFormatsTheCurrentDate() throws {
        let year = try render("{{ strftime_now('%Y') }}")
        #expect(year.count == 4 && Int(year) != nil)
    }

    @Test func globalsAreTheOnlyNames() throws {
        #expect(try render("{{ range is defined }} {{ namespace is defined }} {{ os is defined }} {{ self is defined }}") == "True True False False")
    }
}
