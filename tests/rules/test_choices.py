"""The closed sets (enum.Enum) behave as scorekeeper uses them: by name, by value, in order, immutable."""

from __future__ import annotations

import copy
import pickle
from enum import Enum

import pytest

from scorekeeper.domain.facts import Ending
from scorekeeper.rules.schema import KEYS, FishPolicy


def test_members_by_name_by_value_and_in_order():
    assert FishPolicy("each") is FishPolicy.EACH
    assert FishPolicy(FishPolicy.LOWER_WINS) is FishPolicy.LOWER_WINS
    assert [member.value for member in FishPolicy] == ["each", "most-takes-all", "fisherman-pays", "lower-wins"]
    assert [member.name for member in Ending] == ["OUT", "FISH"] and len(Ending) == 2
    assert (FishPolicy.EACH.name, FishPolicy.EACH.value) == ("EACH", "each")
    assert str(FishPolicy.EACH) == "FishPolicy.EACH" and repr(Ending.OUT) == "<Ending.OUT: 'out'>"


@pytest.mark.parametrize("value", ["Each", "", None, 3, ["each"], {"a": 1}])
def test_any_other_value_is_a_value_error(value):
    with pytest.raises(ValueError, match="is not a valid FishPolicy"):
        FishPolicy(value)


def test_members_are_immutable_singletons():
    with pytest.raises(AttributeError):
        FishPolicy.EACH.value = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        FishPolicy.EACH = "other"  # type: ignore[misc]
    for member in (FishPolicy.MOST_TAKES_ALL, Ending.FISH):
        assert pickle.loads(pickle.dumps(member)) is member
        assert copy.deepcopy(member) is member
    assert {FishPolicy.EACH: 1}[FishPolicy("each")] == 1
    assert FishPolicy.EACH != "each" and FishPolicy.EACH != Ending.OUT


def test_every_choice_key_lists_its_values_and_its_default_is_a_member():
    for key in KEYS:
        if isinstance(key.kind, type) and issubclass(key.kind, Enum):
            assert key.choices == tuple(member.value for member in key.kind)
            assert key.default in list(key.kind), key.path
