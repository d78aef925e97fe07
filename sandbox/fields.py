"""The `fields=` selector: `a,b{c,d},comments.limit(5){id}` parsed into a tree and applied to answers."""
from dataclasses import dataclass, field

from sandbox.errors import invalid_parameter


@dataclass
class FieldSpec:
    name: str
    modifiers: dict = field(default_factory=dict)
    children: list | None = None


def parse(text):
    """Parse a selector; raise (#100) on unbalanced braces or empty names, as Meta does."""
    specs, position = _parse_list(text or "", 0)
    if position != len(text or ""):
        raise invalid_parameter(f"Syntax error in fields near position {position}")
    return specs


def _parse_list(text, position):
    specs = []
    while position < len(text) and text[position] != "}":
        spec, position = _parse_one(text, position)
        specs.append(spec)
        if position < len(text) and text[position] == ",":
            position += 1
    return specs, position


def _parse_one(text, position):
    start = position
    while position < len(text) and text[position] not in ",{}.(":
        position += 1
    spec = FieldSpec(text[start:position].strip())
    if not spec.name:
        raise invalid_parameter("Syntax error in fields: empty field name")
    while position < len(text) and text[position] == ".":
        close = text.find(")", position)
        opening = text.find("(", position)
        if opening < 0 or close < opening:
            raise invalid_parameter(f"Syntax error in fields modifier of {spec.name}")
        spec.modifiers[text[position + 1:opening]] = text[opening + 1:close]
        position = close + 1
    if position < len(text) and text[position] == "{":
        spec.children, position = _parse_list(text, position + 1)
        if position >= len(text):
            raise invalid_parameter(f"Syntax error in fields: unclosed brace after {spec.name}")
        position += 1
    return spec, position


def select(available, specs, default_names):
    """Keep the requested fields (plus id). A value may be a callable taking the FieldSpec: nested edges
    and objects are built only when asked. Unknown fields raise (#100) like Meta's nonexisting field."""
    specs = specs or [FieldSpec(name) for name in default_names]
    answer = {}
    for spec in specs:
        if spec.name not in available:
            raise invalid_parameter(f"Tried accessing nonexisting field ({spec.name})")
        value = available[spec.name]
        value = value(spec) if callable(value) else value
        if value is not None:
            answer[spec.name] = narrow(value, spec.children) if spec.children and not callable(
                available[spec.name]) else value
    if "id" in available:
        answer.setdefault("id", available["id"])
    return answer


def narrow(value, children):
    """Apply `{a,b}` to a plain nested dict (e.g. `picture{data{url}}` or `from{id}`)."""
    if not isinstance(value, dict):
        return value
    answer = {}
    for child in children:
        if child.name in value:
            answer[child.name] = narrow(value[child.name], child.children) if child.children else value[child.name]
    return answer


def unparse(specs):
    """Write a parsed selector back as text, for the `fields=` of nested edges' `next` links."""
    parts = []
    for spec in specs or []:
        text = spec.name + "".join(f".{key}({value})" for key, value in spec.modifiers.items())
        parts.append(text + (f"{{{unparse(spec.children)}}}" if spec.children else ""))
    return ",".join(parts)
