import ChatTemplates
import Testing

/// markupsafe's `Markup` and the falsy inputs of `select`/`map`, in the shape real templates use
/// them. Every expected string here was produced by jinja2 3.1.6 in Hugging Face's environment
/// (`make_chat_template_fixtures.py`'s `make_environment()`); the generated fixtures cover more.
@Suite("Markup and falsy filter inputs")
struct MarkupTests {
    @Test func markupEscapesWhatIsAddedToIt() throws {
        #expect(try render(#"{{ ("<b>"|safe) + "<i>" }}"#) == "<b>&lt;i&gt;")
        #expect(try render(#"{{ "<i>" + ("<b>"|safe) }}"#) == "&lt;i&gt;<b>")
        #expect(try render(#"{{ ("<b>"|safe) ~ "<i>" }}"#) == "<b><i>")
        #expect(try render(#"{{ "<b>"|e + "&" }}|{{ "<b>"|e|e }}|{{ "<b>"|e|forceescape }}"#) == "&lt;b&gt;&amp;|&lt;b&gt;|&amp;lt;b&amp;gt;")
    }

    @Test func functionaryStyleToolLines() throws {
        // meetkai/functionary-medium-v3.1 writes each tool as `"…'"|safe + name + … + t | tojson`:
        // the JSON is added to a Markup, so jinja2 escapes its quotes.
        let template = #"{{ "Use the function '"|safe + t["name"] + "'\n"|safe + t | tojson }}"#
        let tool: TemplateValue = ["name": "get_weather", "description": "Weather"]
        #expect(
            try render(template, ["t": tool])
                == "Use the function 'get_weather'\n{&#34;name&#34;: &#34;get_weather&#34;, &#34;description&#34;: &#34;Weather&#34;}")
    }

    @Test func markupStaysAStringElsewhere() throws {
        #expect(
            try render(#"{{ ("<b>"|safe) == "<b>" }} {{ ("<b>"|safe)|length }} {{ ("<b>"|safe) is string }} {{ ("<b>"|safe) is escaped }}"#)
                == "True 3 True True")
        #expect(try render(#"{{ ["<b>"|safe] }} {{ ("<b>"|safe)|tojson }} {{ ["<a>"|safe, "<b>"]|join("&") }}"#) == #"[Markup('<b>')] "<b>" <a>&<b>"#)
        #expect(try render(#"{{ ("%s<"|safe)|format("<i>") }}|{{ (("<b>&"|safe)|replace("&", "<")) + "<" }}"#) == "&lt;i&gt;<|<b><<")
        #expect(failure(#"{{ ("<b>"|safe) + 1 }}"#)?.message == "unsupported operand type(s) for +: 'Markup' and 'int'")
    }

    @Test func selectAndMapOverFalsyInputsYieldNothing() throws {
        let variables: [String: TemplateValue] = ["tools": .none, "message": ["role": "assistant", "tool_calls": .none]]
        #expect(try render("{{ tools|map(attribute='function')|map(attribute='name')|list }}", variables) == "[]")
        #expect(
            try render("{% for c in message.tool_calls|selectattr('type', 'equalto', 'function') %}x{% else %}none{% endfor %}", variables) == "none")
        #expect(
            try render("{{ 0|select|list }} {{ ''|reject('none')|list }} {{ false|map('nosuchfilter')|list }} {{ []|select('nosuchtest')|list }}")
                == "[] [] [] []")
        #expect(failure("{{ 1|select|list }}")?.message == "'int' object is not iterable")
        #expect(failure("{{ [1]|map('nosuchfilter')|list }}")?.message == "No filter named 'nosuchfilter'.")
    }
}
