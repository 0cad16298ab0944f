"""``Frozen``: the base of the small immutable values (a decision, an account, the eggs pot, a use case's result).

They behave like frozen dataclasses: fields set once by ``__init__``, equal only to a value of the same type
with equal fields (not to a tuple, unlike a NamedTuple), hashable, shown by their fields.  They are written out
because a frozen dataclass builds its methods with ``exec`` when its module is imported, which every
command's start would pay, against a budget of 1.6x ``python -c "import click"``
(``benchmarks/bench_commands.py``).  A subclass names its fields in ``__slots__`` (or, for a value with
many fields, keeps them in its ``__dict__``: ``FIELDS``) and sets them in ``__init__`` with ``set_field``.
"""

from __future__ import annotations

from typing import Any

set_field = _set = object.__setattr__
"""``set_field(value, name, field_value)``: how ``__init__`` sets a field that assignment refuses."""


class Frozen:
    __slots__: tuple[str, ...] = ()
    FIELDS: tuple[str, ...] = ()
    """The fields, in order, of a value kept in its ``__dict__`` (none: ``__slots__`` names them)."""

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in (self.FIELDS or self.__slots__)])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in (self.FIELDS or self.__slots__))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self):  # copy, deepcopy and pickle make it again through __init__ (or its __dict__)
        if self.FIELDS:
            return _remake, (type(self), dict(self.__dict__))
        return type(self), self._values()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field '{name}': a {type(self).__name__} does not change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}': a {type(self).__name__} does not change")


def _remake(cls: type, fields: dict[str, Any]) -> Frozen:
    new = object.__new__(cls)
    _set(new, "__dict__", fields)
    return new
