"""Checks captured HTTP answers against the OpenAPI 3.1 document of hexpostd.

An OpenAPI 3.1 schema is a JSON Schema 2020-12 schema, so each response body is validated with
Draft202012Validator; `$ref`s ("#/components/...") resolve against the whole document.

`Exchange` is one captured answer, named by the path template and method it was sent to.
`problems_of(doc, exchange)` lists what is wrong with it:
  - the status is not declared for that operation (nor a matching "4XX"/"default" range);
  - the content type is not one the response declares, or a body-less response has a body;
  - a body (each line, for ndjson) does not match the schema.
`loose_objects(doc)` lists the object schemas reachable from a response that do not say whether
other members may appear (`additionalProperties`), so an undocumented member cannot pass unseen.
"""

import json
from dataclasses import dataclass, field

from jsonschema import Draft202012Validator, RefResolver

METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


@dataclass
class Exchange:
    method: str  # "GET", ...
    template: str  # "/v1/games/{id}"
    status: int
    content_type: str  # without parameters; "" when absent
    body: str
    label: str = ""  # what the driver meant to provoke, for messages
    headers: dict = field(default_factory=dict)

    def name(self):
        return f"{self.method} {self.template} -> {self.status} ({self.label})"


def operations(doc):
    """Every (METHOD, path template) of the document."""
    return {(m.upper(), p) for p, item in doc["paths"].items() for m in item if m in METHODS}


def resolve(doc, node):
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            raise ValueError("only local references are used: " + ref)
        node = doc
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def declared_response(doc, exchange):
    """The response object for the exchange's status, or None when it is not declared."""
    op = doc["paths"][exchange.template][exchange.method.lower()]
    responses = op["responses"]
    status = str(exchange.status)
    for key in (status, status[0] + "XX", "default"):
        if key in responses:
            return resolve(doc, responses[key])
    return None


def _body_values(exchange):
    """The JSON values a body carries: one, or one per non-empty ndjson line."""
    if exchange.content_type == "application/x-ndjson":
        return [json.loads(line) for line in exchange.body.splitlines() if line.strip()]
    if exchange.content_type.endswith("json"):
        return [json.loads(exchange.body)]
    return [exchange.body]


def problems_of(doc, exchange):
    response = declared_response(doc, exchange)
    if response is None:
        return [f"{exchange.name()}: status not declared"]
    content = response.get("content")
    if not content:
        return [] if exchange.body == "" else [f"{exchange.name()}: undeclared body"]
    if exchange.content_type not in content:
        return [f"{exchange.name()}: content type {exchange.content_type!r} "
                f"not among {sorted(content)}"]
    schema = content[exchange.content_type].get("schema", {})
    validator = Draft202012Validator(schema, resolver=RefResolver("", doc))
    out = []
    for value in _body_values(exchange):
        for error in validator.iter_errors(value):
            where = "/".join(str(p) for p in error.absolute_path) or "(body)"
            out.append(f"{exchange.name()}: at {where}: {error.message}")
    return out


def _walk_schema(doc, schema, where, seen, out):
    if not isinstance(schema, dict):
        return
    if "$ref" in schema:
        ref = schema["$ref"]
        if ref not in seen:
            seen.add(ref)
            _walk_schema(doc, resolve(doc, schema), ref, seen, out)
        return
    types = schema.get("type")
    is_object = types == "object" or (isinstance(types, list) and "object" in types)
    if (is_object or "properties" in schema) and "additionalProperties" not in schema:
        out.append(where)
    for key in ("properties", "patternProperties", "$defs"):
        for name, sub in schema.get(key, {}).items():
            _walk_schema(doc, sub, f"{where}.{name}", seen, out)
    for key in ("items", "additionalProperties", "not", "contains"):
        _walk_schema(doc, schema.get(key), f"{where}[{key}]", seen, out)
    for key in ("allOf", "anyOf", "oneOf", "prefixItems"):
        for i, sub in enumerate(schema.get(key, [])):
            _walk_schema(doc, sub, f"{where}[{key}{i}]", seen, out)


def loose_objects(doc):
    """Object schemas under a response that leave `additionalProperties` unsaid."""
    out, seen = [], set()
    for (method, template) in sorted(operations(doc)):
        op = doc["paths"][template][method.lower()]
        for status, response in op["responses"].items():
            response = resolve(doc, response)
            for media, content in response.get("content", {}).items():
                where = f"{method} {template} {status} {media}"
                _walk_schema(doc, content.get("schema"), where, seen, out)
    return out
