"""A griffe extension for the API reference: `attrs` classes as their readers use them.

griffe reads source without running it, so it knows dataclasses but not `attrs`: an
`@attrs.frozen` class shows no constructor, and its fields show `attrs.field(...)`
(converters and validators included) where a default belongs. This extension, run
by mkdocstrings when the site is built (`extensions:` in mkdocs.yml):

- gives every `attrs` class the `__init__` attrs writes for it (the fields with
  `init=True`, in attrs' order, keyword-only where attrs makes them so), so the
  reference shows `Rules(players=4, partnerships=True, ...)`;
- gives a class whose hand-written `__init__` takes `**options` for attrs' own
  (`__attrs_init__`, as `Rules` does) that `__init__` with every field as a keyword,
  then its own keywords (`trumps_only`), and its docstring;
- shows each field's default as the expression written in `default=` (a factory's
  lambda as its body; a default the other options imply, `_implied(...)`, as
  `implied`), and no value for a field computed when the value is built
  (`init=False`, labelled `computed`);
- shows an attribute a hand-written `__init__` sets with its parameter's type, not
  the code that sets it;
- leaves out members whose docstring begins with `Internal:` (they are there for the
  engine, not for readers), and the constructor of a class with such a field (such a
  value is built by a function, e.g. `GameState` by `new_game`).

Which fields exist and which are parameters is read from the classes themselves
(`attrs.fields`), so it cannot disagree with the code.
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

import attrs
import griffe

INTERNAL = "Internal:"
"""How the docstring of a member kept out of the reference begins."""

_ATTRS_DECORATORS = {"attrs.frozen", "attrs.define", "attrs.mutable", "attr.s", "attr.attrs"}
_FIELD_CALLS = {"attrs.field", "attr.ib", "attr.attrib"}
_FACTORY_CALLS = {"attrs.Factory", "attr.Factory"}
_IMPLIED = "_implied"
"""The helper of `setback.rules` whose default is what the other options imply."""


def _is_internal(obj: griffe.Object | griffe.Alias) -> bool:
    docstring = obj.docstring
    return docstring is not None and docstring.value.lstrip().startswith(INTERNAL)


def _runtime_class(cls: griffe.Class) -> Any:
    """The class itself, imported, or None if it cannot be (a module whose optional
    dependencies are not installed is shown as griffe reads it)."""
    try:
        module = importlib.import_module(cls.module.path)
    except ImportError:
        return None
    value: Any = module
    for part in cls.path[len(cls.module.path) + 1 :].split("."):
        value = getattr(value, part, None)
    return value


def _keyword(call: griffe.ExprCall, name: str) -> Any:
    for argument in call.arguments:
        if isinstance(argument, griffe.ExprKeyword) and argument.name == name:
            return argument.value
    return None


def _written(value: Any) -> str | None:
    """An expression as text, written out in full (`DealerMatch.ANY`, not a link shortened
    to `ANY`); the name of a constant the package does not export is replaced by its
    value."""
    if value is None:
        return None
    if isinstance(value, griffe.ExprName) and value.name.isupper():
        with contextlib.suppress(Exception):
            constant = value.parent.modules_collection[value.canonical_path]
            exported = constant.package.exports or ()
            if constant.name not in exported and constant.value is not None:
                return str(constant.value)
    return str(value)


def _shown_default(value: Any) -> str | None:
    """How a field's default reads in a signature: the `default=` expression of
    `attrs.field(...)`; a factory as its lambda's body or as a call; None if there is
    none. A plain class-level value is itself."""
    if not (isinstance(value, griffe.ExprCall) and value.canonical_path in _FIELD_CALLS):
        return _written(value)
    default = _keyword(value, "default")
    factory = _keyword(value, "factory")
    if isinstance(default, griffe.ExprCall) and str(default.function) == _IMPLIED:
        return "implied"
    if isinstance(default, griffe.ExprCall) and default.canonical_path in _FACTORY_CALLS:
        factory = default.arguments[0] if default.arguments else None
        default = None
    if isinstance(factory, griffe.ExprLambda):
        return _written(factory.body)
    if factory is not None:
        return f"{factory}()"
    return _written(default)


class AttrsClasses(griffe.Extension):
    """Constructors and plain defaults for `attrs` classes; `Internal:` members hidden."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        self._visit(pkg)

    def _visit(self, obj: griffe.Module | griffe.Class) -> None:
        for member in list(obj.members.values()):
            if member.is_alias:
                continue
            if isinstance(member, griffe.Module | griffe.Class):
                self._visit(member)
        if isinstance(obj, griffe.Class):
            self._class(obj)

    def _class(self, cls: griffe.Class) -> None:
        internal = {name for name, member in cls.members.items() if _is_internal(member)}
        self._set_in_init(cls)
        is_attrs = any(d.callable_path in _ATTRS_DECORATORS for d in cls.decorators)
        runtime = _runtime_class(cls) if is_attrs else None
        if isinstance(runtime, type) and attrs.has(runtime):
            self._fields(cls, runtime, internal)
        for name in internal:
            cls.del_member(name)

    def _set_in_init(self, cls: griffe.Class) -> None:
        """An attribute a hand-written `__init__` sets shows no value (the value is code,
        not a default) and, when it is a parameter kept as it is, that parameter's type."""
        init = cls.members.get("__init__")
        if not isinstance(init, griffe.Function):
            return
        for member in cls.members.values():
            if not isinstance(member, griffe.Attribute) or "class-attribute" in member.labels:
                continue
            value = member.value
            if isinstance(value, griffe.ExprName) and value.name in init.parameters:
                member.annotation = member.annotation or init.parameters[value.name].annotation
            member.value = None

    def _fields(self, cls: griffe.Class, runtime: type, internal: set[str]) -> None:
        parameters = [griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)]
        for field in attrs.fields(runtime):
            attribute = cls.all_members.get(field.name)
            if not isinstance(attribute, griffe.Attribute):
                continue
            default = _shown_default(attribute.value)
            if field.name in cls.members:  # shown here (an inherited one is shown at home)
                attribute.labels.discard("class-attribute")
                attribute.labels.add("instance-attribute")
                if field.init:
                    attribute.value = default
                else:
                    attribute.value = None
                    attribute.labels.add("computed")
            if field.init:
                kind = (
                    griffe.ParameterKind.keyword_only
                    if field.kw_only
                    else griffe.ParameterKind.positional_or_keyword
                )
                parameters.append(
                    griffe.Parameter(
                        field.alias,
                        annotation=attribute.annotation,
                        kind=kind,
                        default=None if field.default is attrs.NOTHING else default,
                    )
                )
        hidden_parameter = any(
            field.init and field.name in internal for field in attrs.fields(runtime)
        )
        written = cls.members.get("__init__")
        if isinstance(written, griffe.Function) and "__attrs_init__" in vars(runtime):
            own = [
                p
                for p in written.parameters
                if p.name != "self" and p.kind is not griffe.ParameterKind.var_keyword
            ]
            fields = [
                griffe.Parameter(
                    p.name,
                    annotation=p.annotation,
                    kind=griffe.ParameterKind.keyword_only,
                    default=p.default,
                )
                for p in parameters[1:]
            ]
            written.parameters = griffe.Parameters(parameters[0], *fields, *own)
            return
        if "__init__" in cls.members or hidden_parameter:
            return
        init = griffe.Function(
            "__init__",
            parameters=griffe.Parameters(*parameters),
            returns="None",
            lineno=cls.lineno,
            endlineno=cls.lineno,
        )
        init.labels.add("instance-method")
        cls.set_member("__init__", init)
