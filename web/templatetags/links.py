"""``{% link "standings" tournament.slug %}``: a link to a page of a package above, as its owner provided it
(web/links.py). The name must be a quoted literal declared in ``links.LINKS``: anything else fails when the
template is compiled, so a wrong name never waits in a branch no test renders."""

from django import template
from django.utils.html import conditional_escape

from web import links

register = template.Library()


class LinkNode(template.Node):
    def __init__(self, name: str, args: list[template.base.FilterExpression]):
        self.name, self.args = name, args

    def render(self, context) -> str:
        address = links.url(self.name, *(arg.resolve(context) for arg in self.args))
        return conditional_escape(address) if context.autoescape else address  # as {% url %} does


@register.tag
def link(parser, token) -> LinkNode:
    bits = token.split_contents()
    quoted = bits[1] if len(bits) > 1 else ""
    name = quoted[1:-1] if len(quoted) > 1 and quoted[0] == quoted[-1] and quoted[0] in "\"'" else None
    if name not in links.LINKS:
        raise template.TemplateSyntaxError(f"{{% link %}} takes a quoted link name declared in web/links.py "
                                           f"({', '.join(links.LINKS)}), got {token.contents!r}.")
    return LinkNode(name, [parser.compile_filter(bit) for bit in bits[2:]])
