"""Choice: a closed set of named values, such as a ruleset key's choices or how a round ended.

It behaves like ``enum.Enum`` in every way scorekeeper uses one: members by name (``FishTie.EGGS``), by value
(``FishTie("eggs")``, ValueError for any other), in order (``list(FishTie)``), ``.name`` and ``.value``,
compared by identity, immutable, pickled as themselves. Enum's machinery makes its classes slow to create:
every command loads some twenty of them, and importing the ruleset schema took 11.3 million instructions with
Enums, 4.4 million with Choices (measured with valgrind), 2-3 ms less of the wait after typing a round.
"""


class _ChoiceType(type):
    def __new__(mcs, name: str, bases: tuple, namespace: dict):
        cls = super().__new__(mcs, name, bases, namespace)
        members: dict[str, Choice] = {}
        for attribute, value in namespace.items():
            if attribute.startswith("_") or not isinstance(value, str):
                continue
            if value in members:
                raise TypeError(f"{name}.{attribute} repeats the value {value!r}")
            member = object.__new__(cls)
            object.__setattr__(member, "name", attribute)
            object.__setattr__(member, "value", value)
            type.__setattr__(cls, attribute, member)
            members[value] = member
        type.__setattr__(cls, "_members", members)
        return cls

    def __call__(cls, value):
        """The member whose value is ``value`` (a member is returned as it is)."""
        if isinstance(value, cls):
            return value
        try:
            return cls._members[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a valid {cls.__name__}") from None

    def __iter__(cls):
        return iter(cls._members.values())

    def __len__(cls) -> int:
        return len(cls._members)

    def __setattr__(cls, name: str, value) -> None:
        raise AttributeError(f"{cls.__name__}'s members cannot be changed")


class Choice(metaclass=_ChoiceType):
    """Subclass it and list the members as ``NAME = "value"`` (a docstring may follow each)."""

    __slots__ = ("name", "value")
    name: str
    value: str

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"{self} cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{self} cannot be changed")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {self.value!r}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __reduce__(self):
        return type(self), (self.value,)


def written(value):
    """A ruleset value as its file writes it: a member as its value, any other value as it is."""
    return value.value if isinstance(value, Choice) else value
